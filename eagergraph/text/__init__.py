"""paddle.text: the datasets that read local files (paddle.text.datasets)."""
from . import datasets
from .datasets import Conll05st, Imdb, Imikolov, Movielens, UCIHousing, WMT14, WMT16

__all__ = ["datasets", "Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14",
           "WMT16"]
