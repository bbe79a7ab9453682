"""Paddle 3.3.1's CPU poisson, binomial and standard_gamma samplers, value for value: one
element after the other from the CPU generator's engine, as its kernels loop.

- poisson (phi/kernels/cpu/poisson_kernel.cc): a fresh std::poisson_distribution<int>(rate)
  per element, libstdc++'s algorithm: for rate < 12 the product of uniforms (double
  generate_canonical draws) until it falls to exp(-rate); from 12 on Devroye's rejection
  method (bits/random.tcc, with the errata of libstdc++/83237), whose normal draws come from
  the distribution's own std::normal_distribution<double> (so its second polar value is used by
  a later rejection round of the same element);
- binomial (phi/kernels/funcs/binomial_functor.h): Hormann's BTRS for n * p >= 10 (on min(p,
  1 - p)), else the geometric inversion, in the kernel's dtype T with its double literals,
  uniform draws from uniform_real_distribution<T>(0, 1);
- standard_gamma (phi/kernels/impl/dirichlet_kernel_impl.h sample_gamma, NumPy's
  Marsaglia-Tsang with the alpha < 1 boost): in T, every normal draw from a fresh
  std::normal_distribution<T> (a polar pair of which only the first value is used), every
  uniform from a fresh uniform_real_distribution<T>; the result is at least T's smallest
  normal number.

Every draw a C++ element consumes is consumed here in the same order, the elements one after
the other (a rejection loop uses a varying number of draws, so an element's first draw is
known only when the one before it is done); the arithmetic is the C++'s, operation by
operation (float32 steps as np.float32 scalars, or done in float64 and rounded once, which
gives the float result for +, -, *, /, sqrt), with the C library's log/log1p/exp/pow/lgamma
and their float versions (eagergraph.phi.libm). What does not depend on the parameters (the
polar normals of every draw position, logf of every draw) is worked out in NumPy beforehand
where that is cheaper (float32), and what only the values need (gamma's (scale d) v) after the
loop. The samplers are in std_poisson, std_binomial and std_gamma, what they share in
std_draws. Those loops are the reference: standard_gamma is drawn by default from tables over
the positions of a window of draws instead (eagergraph.phi.std_chain: the same values and
engine position, without a Python step per value where the concentration takes one value),
binomial too where count and prob take one value (BTRS and the geometric inversion), and
poisson where the rate takes one value below 12 (the product method from every start at once;
from 12 on, and for several rates, the tables are slower than its loop as measured). A NaN gamma concentration
(or one whose boosted value is not above 1/3) goes through the loop as in C++ (its squeeze test
does not involve it) and ends as T's smallest normal number, as Paddle's."""
from .std_binomial import binomial
from .std_gamma import standard_gamma
from .std_poisson import poisson

__all__ = ["poisson", "binomial", "standard_gamma"]
