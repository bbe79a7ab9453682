"""paddle.text.datasets from files already on disk (nothing is downloaded): Conll05st, Imdb,
Imikolov, Movielens, UCIHousing, WMT14 and WMT16, in Paddle's formats and with Paddle's
arguments."""
from . import conll05, imdb, imikolov, movielens, uci_housing, wmt14, wmt16
from .conll05 import Conll05st
from .imdb import Imdb
from .imikolov import Imikolov
from .movielens import Movielens
from .uci_housing import UCIHousing
from .wmt14 import WMT14
from .wmt16 import WMT16

__all__ = ["Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14", "WMT16",
           "conll05", "imdb", "imikolov", "movielens", "uci_housing", "wmt14", "wmt16"]
