"""Domains of transforms (event rank + constraint), as in paddle.distribution.variable/constraint."""
from .. import ops as _ops
from .constraint import Constraint, Range, real as real_c, positive as positive_c, simplex

__all__ = ["Variable", "Real", "Positive", "Independent", "Stack", "Constraint", "Range",
           "simplex"]


class Variable:
    def __init__(self, is_discrete=False, event_rank=0, constraint=None):
        self._is_discrete = is_discrete
        self._event_rank = event_rank
        self._constraint = constraint

    @property
    def is_discrete(self):
        return self._is_discrete

    @property
    def event_rank(self):
        return self._event_rank

    def constraint(self, value):
        return self._constraint.check(value)


class Real(Variable):
    def __init__(self, event_rank=0):
        super().__init__(False, event_rank, real_c)


class Positive(Variable):
    def __init__(self, event_rank=0):
        super().__init__(False, event_rank, positive_c)


class Independent(Variable):
    def __init__(self, base, reinterpreted_batch_rank):
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__(base.is_discrete, base.event_rank + reinterpreted_batch_rank)

    def constraint(self, value):
        ret = self._base.constraint(value)
        if ret.dim() < self._reinterpreted_batch_rank:
            raise ValueError(f'Input dimensions must be equal or grater than  {self._reinterpreted_batch_rank}')
        return ret.reshape((*ret.shape[:ret.dim() - self._reinterpreted_batch_rank], -1)).all(-1)


class Stack(Variable):
    def __init__(self, vars, axis=0):
        self._vars = vars
        self._axis = axis

    @property
    def is_discrete(self):
        return any(v.is_discrete for v in self._vars)

    @property
    def event_rank(self):
        rank = max(v.event_rank for v in self._vars)
        if self._axis + rank < 0:
            rank += 1
        return rank

    def constraint(self, value):
        if not -value.dim() <= self._axis < value.dim():
            raise ValueError(f'Input dimensions {value.dim()} should be grater than stack constraint axis {self._axis}.')
        return _ops.stack([v.constraint(x) for v, x in zip(self._vars, _ops.unstack(value, self._axis))], self._axis)


real = Real()
positive = Positive()
