"""eagergraph.distribution: Paddle 3.3.1's ``paddle.distribution`` as compositions of
eagergraph's differentiable ops (see the module of each class)."""
from .distribution import Distribution
from .exponential_family import ExponentialFamily
from .normal import Normal
from .lognormal import LogNormal
from .uniform import Uniform
from .categorical import Categorical
from .bernoulli import Bernoulli
from .gamma import Exponential, Gamma, Chi2
from .location_scale import Laplace, Cauchy, Gumbel
from .dirichlet import Dirichlet, Beta
from .discrete import Geometric, Poisson, Binomial, Multinomial
from .multivariate_normal import MultivariateNormal
from .student_t import StudentT
from .continuous_bernoulli import ContinuousBernoulli
from .lkj_cholesky import LKJCholesky
from .independent import Independent
from .transformed_distribution import TransformedDistribution
from .transform import (AbsTransform, AffineTransform, ChainTransform, ExpTransform, IndependentTransform,
                        PowerTransform, ReshapeTransform, SigmoidTransform, SoftmaxTransform, StackTransform,
                        StickBreakingTransform, TanhTransform, Transform)
from .kl import kl_divergence, register_kl
from . import (beta, binomial, cauchy, chi2, constraint, exponential, geometric, gumbel,
               laplace, multinomial, poisson, variable)

# Paddle's namespace also holds its submodules (paddle.distribution.beta.Beta, ...)
_SUBMODULES = (beta, binomial, cauchy, chi2, constraint, exponential, geometric, gumbel, laplace,
               multinomial, poisson, variable)

__all__ = ["Bernoulli", "Beta", "Categorical", "Cauchy", "Chi2", "Dirichlet", "Distribution",
           "Exponential", "ExponentialFamily", "Normal", "Uniform", "kl_divergence", "register_kl",
           "Laplace", "LogNormal", "Gamma", "Gumbel", "Geometric", "Binomial", "Poisson",
           "Multinomial", "MultivariateNormal", "Independent", "TransformedDistribution",
           "StudentT", "ContinuousBernoulli", "LKJCholesky",
           "Transform", "AbsTransform", "AffineTransform", "ChainTransform", "ExpTransform",
           "IndependentTransform", "PowerTransform", "ReshapeTransform", "SigmoidTransform",
           "SoftmaxTransform", "StackTransform", "StickBreakingTransform", "TanhTransform"]
