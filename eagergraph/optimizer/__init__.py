"""paddle.optimizer: SGD, Momentum, the Adam family, RMSProp, Adagrad, Adadelta, Lamb, ASGD,
Rprop, LBFGS, and the learning-rate schedulers in paddle.optimizer.lr."""
from . import lr
from .optimizer import Optimizer
from .sgd import SGD
from .momentum import Momentum
from .adam import Adam, AdamW
from .adamax import Adamax
from .nadam import NAdam
from .radam import RAdam
from .rmsprop import RMSProp
from .adagrad import Adagrad
from .adadelta import Adadelta
from .lamb import Lamb
from .asgd import ASGD
from .rprop import Rprop
from .lbfgs import LBFGS

__all__ = ["Optimizer", "Adagrad", "Adam", "AdamW", "Adamax", "ASGD", "RAdam", "RMSProp",
           "Adadelta", "SGD", "Rprop", "Momentum", "NAdam", "Lamb", "LBFGS", "lr"]
