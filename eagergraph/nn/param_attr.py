"""paddle.ParamAttr (Paddle base/param_attr.py): how a layer creates one of its parameters."""
from .initializer.initializer import Initializer

__all__ = ["ParamAttr"]


def _check_type(value, arg, types, type_names):
    if not isinstance(value, types):
        raise TypeError(f"The type of '{arg}' in ParamAttr must be {type_names}, but received "
                        f"{type(value)}.")


class ParamAttr:
    """name: the parameter's name (generated when None); initializer (an Initializer, else the
    layer's default); learning_rate: the optimizer's per-parameter scale (optimize_attr);
    regularizer: a weight decay object kept on the parameter; trainable: False creates it with
    stop_gradient=True; need_clip: whether gradient clipping applies to it."""

    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=True, need_clip=True):
        _check_type(name, "name", (str, type(None)), "(<class 'str'>, <class 'NoneType'>)")
        _check_type(learning_rate, "learning_rate", (float, int),
                    "(<class 'float'>, <class 'int'>)")
        _check_type(trainable, "trainable", bool, "<class 'bool'>")
        _check_type(do_model_average, "do_model_average", bool, "<class 'bool'>")
        _check_type(need_clip, "need_clip", bool, "<class 'bool'>")
        _check_type(initializer, "initializer", (Initializer, type(None)),
                    "(Initializer, <class 'NoneType'>)")
        if name == "":
            raise ValueError("name of ParamAttr can not be empty str")
        self.name = name
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = trainable
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    def _set_default_initializer(self, initializer):
        if initializer is None:
            if self.initializer is None:
                raise ValueError("ParamAttr.initializer is not set")
            return
        if self.initializer is None:
            self.initializer = initializer

    def _set_default_param_initializer(self):
        from .initializer.xavier import XavierUniform
        self._set_default_initializer(XavierUniform())

    def _set_default_bias_initializer(self):
        from .initializer.constant import Constant
        self._set_default_initializer(Constant(0.0))

    @staticmethod
    def _to_attr(arg):
        """None -> ParamAttr(); str -> its name; Initializer -> its initializer; False -> False
        (no parameter: Linear(bias_attr=False)); True -> ParamAttr(); a list element-wise;
        any other object is taken as a regularizer."""
        if arg is None:
            return ParamAttr()
        if isinstance(arg, (list, tuple)):
            return [ParamAttr._to_attr(a) for a in arg]
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        if isinstance(arg, bool):
            return ParamAttr() if arg else False
        if _is_regularizer(arg):
            return ParamAttr(regularizer=arg)
        raise TypeError(f"{type(arg)} cast to ParamAttr")


def _is_regularizer(obj):
    # Paddle's WeightDecayRegularizer (L1Decay / L2Decay); eagergraph has no regularizer classes
    # yet, so anything that names itself a decay is taken as one
    return any(c.__name__ in ("WeightDecayRegularizer", "L1Decay", "L2Decay")
               for c in type(obj).__mro__)
