"""paddle.nn.initializer: how parameters get their first values."""
from .initializer import Initializer, calculate_gain
from .constant import Constant
from .normal import Normal, TruncatedNormal
from .uniform import Uniform
from .xavier import XavierNormal, XavierUniform
from .kaiming import KaimingNormal, KaimingUniform
from .orthogonal import Orthogonal
from .assign import Assign, NumpyArrayInitializer
from .dirac import Dirac, Bilinear
from .constant import ConstantInitializer
from .normal import NormalInitializer, TruncatedNormalInitializer
from .uniform import UniformInitializer
from .xavier import XavierInitializer
from .kaiming import MSRAInitializer
from .global_init import set_global_initializer

__all__ = ["Initializer", "calculate_gain", "Constant", "Normal", "TruncatedNormal", "Uniform",
           "XavierNormal", "XavierUniform", "KaimingNormal", "KaimingUniform", "Orthogonal",
           "Assign", "Dirac", "Bilinear", "set_global_initializer", "ConstantInitializer",
           "NormalInitializer", "TruncatedNormalInitializer", "UniformInitializer",
           "XavierInitializer", "MSRAInitializer", "NumpyArrayInitializer"]
