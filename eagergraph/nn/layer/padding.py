"""Padding layers (Paddle nn/layer/common.py): Pad1D/2D/3D and their constant, zero,
replication, reflection and circular variants, each F.pad with fixed arguments."""
from .._param_alias import aliases
from ..functional.pad import pad as _pad
from .layers import Layer

__all__ = ["Pad1D", "Pad2D", "Pad3D", "ZeroPad1D", "ZeroPad2D", "ZeroPad3D",
           "ConstantPad1D", "ConstantPad2D", "ConstantPad3D", "ReplicationPad1D",
           "ReplicationPad2D", "ReplicationPad3D", "ReflectionPad1D", "ReflectionPad2D",
           "ReflectionPad3D", "CircularPad1D", "CircularPad2D", "CircularPad3D"]


def _npairs(x, n):
    """An int pads every side; a list, tuple or Tensor is kept as given."""
    return x if not isinstance(x, int) else [x] * (n * 2)


class _PadnD(Layer):
    _n_dim = 1

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__()
        self.padding = _npairs(padding, self._n_dim)
        self._mode = mode
        self.value = value
        self._data_format = data_format
        self._name = name

    @aliases({"x": ["input"]})
    def forward(self, x):
        return _pad(x, pad=self.padding, mode=self._mode, value=self.value,
                    data_format=self._data_format, name=self._name)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return (f"padding={self.padding}, mode={self._mode}, value={self.value}, "
                f"data_format={self._data_format}{name_str}")


class Pad1D(_PadnD):
    _n_dim = 1

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad2D(_PadnD):
    _n_dim = 2

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad3D(_PadnD):
    _n_dim = 3

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCDHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


def _variants(base, fmt):
    """The Constant/Zero/Replication/Reflection/Circular subclasses of one PadND class."""
    def const_init(self, padding, value, data_format=fmt, name=None):
        base.__init__(self, padding, "constant", value, data_format, name)

    def fixed(mode):
        def init(self, padding, data_format=fmt, name=None):
            base.__init__(self, padding, mode, 0.0, data_format, name)
        return init

    n = base.__name__[-2:]
    return (type(f"ConstantPad{n}", (base,), {"__init__": const_init}),
            type(f"ZeroPad{n}", (base,), {"__init__": fixed("constant")}),
            type(f"ReplicationPad{n}", (base,), {"__init__": fixed("replicate")}),
            type(f"ReflectionPad{n}", (base,), {"__init__": fixed("reflect")}),
            type(f"CircularPad{n}", (base,), {"__init__": fixed("circular")}))


ConstantPad1D, ZeroPad1D, ReplicationPad1D, ReflectionPad1D, CircularPad1D = \
    _variants(Pad1D, "NCL")
ConstantPad2D, ZeroPad2D, ReplicationPad2D, ReflectionPad2D, CircularPad2D = \
    _variants(Pad2D, "NCHW")
ConstantPad3D, ZeroPad3D, ReplicationPad3D, ReflectionPad3D, CircularPad3D = \
    _variants(Pad3D, "NCDHW")
for _cls in (ConstantPad1D, ZeroPad1D, ReplicationPad1D, ReflectionPad1D, CircularPad1D,
             ConstantPad2D, ZeroPad2D, ReplicationPad2D, ReflectionPad2D, CircularPad2D,
             ConstantPad3D, ZeroPad3D, ReplicationPad3D, ReflectionPad3D, CircularPad3D):
    _cls.__module__ = __name__
del _cls
