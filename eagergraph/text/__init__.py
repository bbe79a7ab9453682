"""paddle.text: the datasets that read local files (paddle.text.datasets) and the CRF
Viterbi decoder (viterbi_decode, ViterbiDecoder)."""
from . import datasets
from .viterbi import ViterbiDecoder, viterbi_decode
from .datasets import Conll05st, Imdb, Imikolov, Movielens, UCIHousing, WMT14, WMT16

__all__ = ["datasets", "Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14",
           "WMT16", "ViterbiDecoder", "viterbi_decode"]
