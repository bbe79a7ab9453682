"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10 and Cifar100 read the files a user
already has (Paddle's formats and arguments; eagergraph does not download: a missing file
raises an error naming it and where to get it); DatasetFolder and ImageFolder read a directory
tree. Flowers and VOC2012 are not implemented yet and raise NotImplementedError naming
themselves."""
from .cifar import Cifar10, Cifar100
from .folder import DatasetFolder, ImageFolder
from .mnist import FashionMNIST, MNIST

__all__ = ["MNIST", "FashionMNIST", "Cifar10", "Cifar100", "Flowers", "VOC2012",
           "DatasetFolder", "ImageFolder"]


def _unavailable(name, reason):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"paddle.vision.datasets.{name} is not available in "
                                  f"eagergraph: {reason}")
    return type(name, (), {"__init__": __init__, "__doc__": f"{name}: {reason}",
                           "__module__": __name__, "_unavailable": True})


_DOWNLOAD = ("it is not implemented yet; load the arrays yourself and wrap them in "
             "paddle.io.Dataset / TensorDataset.")
Flowers = _unavailable("Flowers", _DOWNLOAD)
VOC2012 = _unavailable("VOC2012", _DOWNLOAD)
