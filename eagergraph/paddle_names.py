"""The names Paddle's classes print with, for programs run under the `import paddle` alias:
`type(x)` of a tensor is `<class 'paddle.Tensor'>` and of a parameter
`<class 'paddle.base.framework.EagerParamBase'>`, as in Paddle. Only the classes' __module__,
__name__ and __qualname__ change (isinstance, the classes themselves, and pickling through the
alias are unchanged: `paddle.Tensor` and `paddle.base.framework.EagerParamBase` name these same
classes). Outside the alias, the classes keep eagergraph's names."""
from .tensor import Tensor
from .nn.parameter import Parameter

_PADDLE_NAMES = ((Tensor, "paddle", "Tensor"),
                 (Parameter, "paddle.base.framework", "EagerParamBase"))


def use_paddle_names():
    for cls, module, name in _PADDLE_NAMES:
        cls.__module__ = module
        cls.__name__ = name
        cls.__qualname__ = name
