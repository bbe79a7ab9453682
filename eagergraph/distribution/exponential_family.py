"""ExponentialFamily: entropy by the Bregman identity over the log-normaliser."""
from .. import autograd as _autograd
from .distribution import Distribution

__all__ = ["ExponentialFamily"]


class ExponentialFamily(Distribution):
    @property
    def _natural_parameters(self):
        raise NotImplementedError

    def _log_normalizer(self):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        entropy_value = -self._mean_carrier_measure
        params = []
        for p in self._natural_parameters:
            p = p.detach()
            p.stop_gradient = False
            params.append(p)
        log_norm = self._log_normalizer(*params)
        grads = _autograd.grad(log_norm.sum(), params, create_graph=True)
        entropy_value = entropy_value + log_norm
        for p, g in zip(params, grads):
            entropy_value = entropy_value - p * g
        return entropy_value
