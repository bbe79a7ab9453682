"""paddle.nn.initializer: how parameters get their first values."""
from .initializer import Initializer, calculate_gain
from .constant import Constant
from .normal import Normal, TruncatedNormal
from .uniform import Uniform
from .xavier import XavierNormal, XavierUniform
from .kaiming import KaimingNormal, KaimingUniform
from .orthogonal import Orthogonal
from .assign import Assign

__all__ = ["Initializer", "calculate_gain", "Constant", "Normal", "TruncatedNormal", "Uniform",
           "XavierNormal", "XavierUniform", "KaimingNormal", "KaimingUniform", "Orthogonal",
           "Assign"]
