"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10, Cifar100, Flowers and VOC2012 read the
files a user already has (Paddle's formats and arguments; eagergraph does not download: a
missing file raises an error naming it and where to get it); DatasetFolder and ImageFolder read
a directory tree."""
from .cifar import Cifar10, Cifar100
from .flowers import Flowers
from .folder import DatasetFolder, ImageFolder
from .mnist import FashionMNIST, MNIST
from .voc2012 import VOC2012

__all__ = ["MNIST", "FashionMNIST", "Cifar10", "Cifar100", "Flowers", "VOC2012",
           "DatasetFolder", "ImageFolder"]
