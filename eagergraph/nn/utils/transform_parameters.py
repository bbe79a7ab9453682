"""parameters_to_vector / vector_to_parameters (Paddle nn/utils/transform_parameters.py):
concatenate flattened parameters into one new vector, and write a vector's consecutive slices
back into parameters in place; both outside the graph."""
from ... import ops as _ops
from ...autograd import no_grad

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def parameters_to_vector(parameters, name=None):
    """One 1-D tensor (stop_gradient=False, not connected to the parameters) holding every
    parameter's elements in order."""
    parameters = list(parameters)
    with no_grad():
        out = _ops.concat([_ops.reshape(p, [-1]) for p in parameters], axis=0)
    out.stop_gradient = False
    return out


def vector_to_parameters(vec, parameters, name=None):
    """Overwrite each parameter, in order, with the next numel elements of vec; vec may be
    longer than the parameters need, not shorter."""
    assert len(vec.shape) == 1
    parameters = list(parameters)
    sections = []
    for p in parameters:
        n = 1
        for s in p.shape:
            n *= s
        sections.append(n)
    if sum(sections) > vec.shape[0]:
        raise ValueError("The total_elements of vec should be equal to or larger than the "
                         "number of elements in parameters.")
    with no_grad():
        start = 0
        for p, n in zip(parameters, sections):
            p.set_value(_ops.reshape(_ops.slice(vec, [0], [start], [start + n]), p.shape))
            start += n
