"""Bijective (and a few non-injective) transforms of random variables, with log|det J|."""
import enum
import math
import typing

from .. import ops as _ops
from ..nn import functional as _F
from ..tensor import Tensor
from . import variable
from .distribution import Distribution

# TransformedDistribution's constructor, installed by transformed_distribution.py (which
# imports this module), so that Transform()(distribution) needs no import back up
_TRANSFORMED = {"make": None}

__all__ = ['Transform', 'AbsTransform', 'AffineTransform', 'ChainTransform', 'ExpTransform',
           'IndependentTransform', 'PowerTransform', 'ReshapeTransform', 'SigmoidTransform',
           'SoftmaxTransform', 'StackTransform', 'StickBreakingTransform', 'TanhTransform']


class Type(enum.Enum):
    BIJECTION = 'bijection'
    INJECTION = 'injection'
    SURJECTION = 'surjection'
    OTHER = 'other'

    @classmethod
    def is_injective(cls, _type):
        return _type in (cls.BIJECTION, cls.INJECTION)


def _sum_rightmost(value, n):
    return value.sum(list(range(-n, 0))) if n > 0 else value


class Transform:
    """Base: ``forward``/``inverse`` and their log-det-Jacobians; calling a transform on a
    Distribution gives a TransformedDistribution, on a Transform a ChainTransform."""
    _type = Type.INJECTION

    def __init__(self):
        super().__init__()

    @classmethod
    def _is_injective(cls):
        return Type.is_injective(cls._type)

    def __call__(self, input):
        if isinstance(input, Distribution):
            # transformed_distribution.py (which imports this module) installs the constructor
            return _TRANSFORMED["make"](input, [self])
        if isinstance(input, Transform):
            return ChainTransform([self, input])
        return self.forward(input)

    @staticmethod
    def _check_value(v, name, rank, what="a Tensor or Real", label=None):
        """Paddle's argument checks (and messages) for forward/inverse and their log-dets."""
        if not isinstance(v, Tensor):
            raise TypeError(f"Expected '{label or name}' is {what}, but got {type(v)}.")
        if v.dim() < rank:
            raise ValueError(f'The dimensions of {name}({v.dim()}) should be grater than or '
                             f'equal to {rank}')

    def forward(self, x):
        self._check_value(x, "x", self._domain.event_rank)
        return self._forward(x)

    def inverse(self, y):
        self._check_value(y, "y", self._codomain.event_rank)
        return self._inverse(y)

    def forward_log_det_jacobian(self, x):
        self._check_value(x, "x", self._domain.event_rank, label="y")  # Paddle's message says y
        if not self._is_injective():
            raise NotImplementedError("forward_log_det_jacobian can't be implemented for "
                                      "non-injectivetransforms.")
        return self._call_forward_log_det_jacobian(x)

    def inverse_log_det_jacobian(self, y):
        self._check_value(y, "y", self._codomain.event_rank, what="a Tensor")
        return self._call_inverse_log_det_jacobian(y)

    def forward_shape(self, shape):
        if not isinstance(shape, typing.Sequence):
            raise TypeError(f'Expected shape is Sequence[int] type, but got {type(shape)}.')
        return self._forward_shape(shape)

    def inverse_shape(self, shape):
        if not isinstance(shape, typing.Sequence):
            raise TypeError(f'Expected shape is Sequence[int] type, but got {type(shape)}.')
        return self._inverse_shape(shape)

    @property
    def _domain(self):
        return variable.real

    @property
    def _codomain(self):
        return variable.real

    def _forward(self, x):
        raise NotImplementedError('Forward not implemented')

    def _inverse(self, y):
        raise NotImplementedError('Inverse not implemented')

    def _call_forward_log_det_jacobian(self, x):
        if hasattr(self, '_forward_log_det_jacobian'):
            return self._forward_log_det_jacobian(x)
        if hasattr(self, '_inverse_log_det_jacobian'):
            return -self._inverse_log_det_jacobian(self.forward(x))
        raise NotImplementedError('Neither _forward_log_det_jacobian nor _inverse_log_det_jacobianis implemented. '
                                  'One of them is required.')

    def _call_inverse_log_det_jacobian(self, y):
        if hasattr(self, '_inverse_log_det_jacobian'):
            return self._inverse_log_det_jacobian(y)
        if hasattr(self, '_forward_log_det_jacobian'):
            return -self._forward_log_det_jacobian(self._inverse(y))
        raise NotImplementedError('Neither _forward_log_det_jacobian nor _inverse_log_det_jacobian is implemented. '
                                  'One of them is required')

    def _forward_shape(self, shape):
        return shape

    def _inverse_shape(self, shape):
        return shape


class AbsTransform(Transform):
    """y = |x|; the inverse is the pair (-y, y)."""
    _type = Type.SURJECTION

    def _forward(self, x):
        return x.abs()

    def _inverse(self, y):
        return -y, y

    def _inverse_log_det_jacobian(self, y):
        zero = _ops.zeros([], dtype=y.dtype)
        return zero, zero

    @property
    def _codomain(self):
        return variable.positive


def _broadcast_shape(*shapes):
    out = list(shapes[0])
    for s in shapes[1:]:
        out = list(_ops.broadcast_shape(list(out), list(s)))
    return tuple(out)


class AffineTransform(Transform):
    """y = loc + scale * x."""
    _type = Type.BIJECTION

    def __init__(self, loc, scale):
        if not isinstance(loc, Tensor):
            raise TypeError(f"Expected 'loc' is a Tensor, but got {type(loc)}")
        if not isinstance(scale, Tensor):
            raise TypeError(f'Expected scale is a Tensor, but got {type(scale)}')
        self._loc, self._scale = loc, scale
        super().__init__()

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    def _forward(self, x):
        return self._loc + self._scale * x

    def _inverse(self, y):
        return (y - self._loc) / self._scale

    def _forward_log_det_jacobian(self, x):
        return _ops.abs(self._scale).log()

    def _forward_shape(self, shape):
        return _broadcast_shape(shape, self._loc.shape, self._scale.shape)

    def _inverse_shape(self, shape):
        return _broadcast_shape(shape, self._loc.shape, self._scale.shape)


class ChainTransform(Transform):
    """Composition: transforms[0] is applied first."""

    def __init__(self, transforms):
        if not isinstance(transforms, typing.Sequence):
            raise TypeError(f"Expected type of 'transforms' is Sequence, but got {type(transforms)}")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError('All elements of transforms should be Transform type.')
        self.transforms = transforms
        super().__init__()

    def _is_injective(self):
        return all(t._is_injective() for t in self.transforms)

    def _forward(self, x):
        for t in self.transforms:
            x = t.forward(x)
        return x

    def _inverse(self, y):
        for t in reversed(self.transforms):
            y = t.inverse(y)
        return y

    def _forward_log_det_jacobian(self, x):
        value = 0.0
        event_rank = self._domain.event_rank
        for t in self.transforms:
            value = value + _sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            x = t.forward(x)
            event_rank += t._codomain.event_rank - t._domain.event_rank
        return value

    def _forward_shape(self, shape):
        for t in self.transforms:
            shape = t.forward_shape(shape)
        return shape

    def _inverse_shape(self, shape):
        for t in self.transforms:
            shape = t.inverse_shape(shape)
        return shape

    def _sum_rightmost(self, value, n):
        return _sum_rightmost(value, n)

    @property
    def _domain(self):
        domain = self.transforms[0]._domain
        event_rank = self.transforms[-1]._codomain.event_rank
        for t in reversed(self.transforms):
            event_rank -= t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._domain.event_rank)
        return variable.Independent(domain, event_rank - domain.event_rank)

    @property
    def _codomain(self):
        codomain = self.transforms[-1]._codomain
        event_rank = self.transforms[0]._domain.event_rank
        for t in self.transforms:
            event_rank += t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._codomain.event_rank)
        return variable.Independent(codomain, event_rank - codomain.event_rank)


class ExpTransform(Transform):
    _type = Type.BIJECTION

    @property
    def _codomain(self):
        return variable.positive

    def _forward(self, x):
        return x.exp()

    def _inverse(self, y):
        return y.log()

    def _forward_log_det_jacobian(self, x):
        return x


class IndependentTransform(Transform):
    """``base`` with its rightmost ``reinterpreted_batch_rank`` batch axes as event axes."""

    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Transform):
            raise TypeError(f"Expected 'base' is Transform type, but get {type(base)}")
        if reinterpreted_batch_rank <= 0:
            raise ValueError(f"Expected 'reinterpreted_batch_rank' is grater than zero, but got {reinterpreted_batch_rank}")
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__()

    def _is_injective(self):
        return self._base._is_injective()

    def _forward(self, x):
        if x.dim() < self._domain.event_rank:
            raise ValueError('Input dimensions is less than event dimensions.')
        return self._base.forward(x)

    def _inverse(self, y):
        if y.dim() < self._codomain.event_rank:
            raise ValueError('Input dimensions is less than event dimensions.')
        return self._base.inverse(y)

    def _forward_log_det_jacobian(self, x):
        return self._base.forward_log_det_jacobian(x).sum(list(range(-self._reinterpreted_batch_rank, 0)))

    def _forward_shape(self, shape):
        return self._base.forward_shape(shape)

    def _inverse_shape(self, shape):
        return self._base.inverse_shape(shape)

    @property
    def _domain(self):
        return variable.Independent(self._base._domain, self._reinterpreted_batch_rank)

    @property
    def _codomain(self):
        return variable.Independent(self._base._codomain, self._reinterpreted_batch_rank)


class PowerTransform(Transform):
    """y = x ** power."""
    _type = Type.BIJECTION

    def __init__(self, power):
        if not isinstance(power, Tensor):
            raise TypeError(f"Expected 'power' is a tensor, but got {type(power)}")
        self._power = power
        super().__init__()

    @property
    def power(self):
        return self._power

    @property
    def _codomain(self):
        return variable.positive

    def _forward(self, x):
        return x.pow(self._power)

    def _inverse(self, y):
        return y.pow(1 / self._power)

    def _forward_log_det_jacobian(self, x):
        return (self._power * x.pow(self._power - 1)).abs().log()

    def _forward_shape(self, shape):
        return _broadcast_shape(shape, self._power.shape)

    def _inverse_shape(self, shape):
        return _broadcast_shape(shape, self._power.shape)


class ReshapeTransform(Transform):
    """Reshape the event part of a tensor from ``in_event_shape`` to ``out_event_shape``."""
    _type = Type.BIJECTION

    def __init__(self, in_event_shape, out_event_shape):
        if not isinstance(in_event_shape, typing.Sequence) or not isinstance(out_event_shape, typing.Sequence):
            raise TypeError("Expected type of 'in_event_shape' and 'out_event_shape' is Sequence[int], but got "
                            f"'in_event_shape': {in_event_shape}, 'out_event_shape': {out_event_shape}")
        in_size = math.prod(in_event_shape)
        out_size = math.prod(out_event_shape)
        if in_size != out_size:
            raise ValueError(f"The numel of 'in_event_shape' should be 'out_event_shape', but got {in_size}!={out_size}")
        self._in_event_shape = tuple(in_event_shape)
        self._out_event_shape = tuple(out_event_shape)
        super().__init__()

    @property
    def in_event_shape(self):
        return self._in_event_shape

    @property
    def out_event_shape(self):
        return self._out_event_shape

    @property
    def _domain(self):
        return variable.Independent(variable.real, len(self._in_event_shape))

    @property
    def _codomain(self):
        return variable.Independent(variable.real, len(self._out_event_shape))

    def _forward(self, x):
        return x.reshape(tuple(x.shape)[:x.dim() - len(self._in_event_shape)] + self._out_event_shape)

    def _inverse(self, y):
        return y.reshape(tuple(y.shape)[:y.dim() - len(self._out_event_shape)] + self._in_event_shape)

    @staticmethod
    def _move(shape, src, dst, what):
        if len(shape) < len(src):
            raise ValueError(f"Expected {what} is not less than {len(src)}, but got {len(shape)}")
        if tuple(shape[-len(src):]) != tuple(src):
            raise ValueError(f'Event shape mismatch, expected: {src}, but got {shape[-len(src):]}')
        return tuple(shape[:-len(src)]) + dst

    def _forward_shape(self, shape):
        return self._move(shape, self._in_event_shape, self._out_event_shape, "length of 'shape'")

    def _inverse_shape(self, shape):
        return self._move(shape, self._out_event_shape, self._in_event_shape, "'shape' length")

    def _forward_log_det_jacobian(self, x):
        return _ops.zeros(x.shape[:x.dim() - len(self._in_event_shape)], dtype=x.dtype)


class SigmoidTransform(Transform):
    @property
    def _codomain(self):
        return variable.Variable(False, 0, variable.Range(0.0, 1.0))

    def _forward(self, x):
        return _F.sigmoid(x)

    def _inverse(self, y):
        return y.log() - (-y).log1p()

    def _forward_log_det_jacobian(self, x):
        return -_F.softplus(-x) - _F.softplus(x)


class SoftmaxTransform(Transform):
    """Softmax over the last axis (not injective: no log-det-Jacobian)."""
    _type = Type.OTHER

    @property
    def _domain(self):
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self):
        return variable.Variable(False, 1, variable.simplex)

    def _forward(self, x):
        # Paddle subtracts x.max(-1, keepdim=True)[0] (the first row's max); softmax is shift-invariant.
        x = (x - x.max(-1, keepdim=True)[0]).exp()
        return x / x.sum(-1, keepdim=True)

    def _inverse(self, y):
        return y.log()

    def _forward_shape(self, shape):
        if len(shape) < 1:
            raise ValueError(f'Expected length of shape is grater than 1, but got {len(shape)}')
        return shape

    _inverse_shape = _forward_shape


class StackTransform(Transform):
    """Apply transforms[i] to slice i along ``axis``."""

    def __init__(self, transforms, axis=0):
        if not transforms or not isinstance(transforms, typing.Sequence):
            raise TypeError(f"Expected 'transforms' is Sequence[Transform], but got {type(transforms)}.")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError('Expected all element in transforms is Transform Type.')
        if not isinstance(axis, int):
            raise TypeError(f"Expected 'axis' is int, but got{type(axis)}.")
        self._transforms = transforms
        self._axis = axis

    def _is_injective(self):
        return all(t._is_injective() for t in self._transforms)

    @property
    def transforms(self):
        return self._transforms

    @property
    def axis(self):
        return self._axis

    def _map(self, v, fn):
        self._check_size(v)
        return _ops.stack([fn(t, s) for s, t in zip(_ops.unstack(v, self._axis), self._transforms)], self._axis)

    def _forward(self, x):
        return self._map(x, lambda t, s: t.forward(s))

    def _inverse(self, y):
        return self._map(y, lambda t, s: t.inverse(s))

    def _forward_log_det_jacobian(self, x):
        return self._map(x, lambda t, s: t.forward_log_det_jacobian(s))

    def _check_size(self, v):
        if not -v.dim() <= self._axis < v.dim():
            raise ValueError(f'Input dimensions {v.dim()} should be grater than stack transform axis {self._axis}.')
        if v.shape[self._axis] != len(self._transforms):
            raise ValueError(f'Input size along {self._axis} should be equal to the length of transforms.')

    @property
    def _domain(self):
        return variable.Stack([t._domain for t in self._transforms], self._axis)

    @property
    def _codomain(self):
        return variable.Stack([t._codomain for t in self._transforms], self._axis)


def _pad_last(x, before, after):
    return _F.pad(x, [0] * 2 * (len(x.shape) - 1) + [before, after], value=1)


class StickBreakingTransform(Transform):
    """R^K -> the (K+1)-simplex by stick breaking."""
    _type = Type.BIJECTION

    @staticmethod
    def _offset(n, k):
        # Paddle builds the offsets from float32 ones (then promotes against x)
        return n - _ops.ones([k]).cumsum(-1)

    def _forward(self, x):
        offset = self._offset(x.shape[-1] + 1, x.shape[-1])
        z = _F.sigmoid(x - offset.log())
        z_cumprod = (1 - z).cumprod(-1)
        return _pad_last(z, 0, 1) * _pad_last(z_cumprod, 1, 0)

    def _inverse(self, y):
        y_crop = y[..., :-1]
        offset = self._offset(y.shape[-1], y_crop.shape[-1])
        sf = 1 - y_crop.cumsum(-1)
        return y_crop.log() - sf.log() + offset.log()

    def _forward_log_det_jacobian(self, x):
        y = self.forward(x)
        offset = self._offset(x.shape[-1] + 1, x.shape[-1])
        x = x - offset.log()
        return (-x + _F.log_sigmoid(x) + y[..., :-1].log()).sum(-1)

    def _forward_shape(self, shape):
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return (*shape[:-1], shape[-1] + 1)

    def _inverse_shape(self, shape):
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return (*shape[:-1], shape[-1] - 1)

    @property
    def _domain(self):
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self):
        return variable.Variable(False, 1, variable.simplex)


class TanhTransform(Transform):
    _type = Type.BIJECTION

    @property
    def _codomain(self):
        return variable.Variable(False, 0, variable.Range(-1.0, 1.0))

    def _forward(self, x):
        return x.tanh()

    def _inverse(self, y):
        return y.atanh()

    def _forward_log_det_jacobian(self, x):
        return 2.0 * (math.log(2.0) - x - _F.softplus(-2.0 * x))
