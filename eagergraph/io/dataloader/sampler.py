"""Index samplers (Paddle python/paddle/io/dataloader/sampler.py).

The random ones draw from where Paddle draws: `RandomSampler` and `WeightedRandomSampler` from
NumPy's global state (`np.random.seed` reproduces them, with the same indices as Paddle), and
`SubsetRandomSampler` from `paddle.randperm` (`paddle.seed` reproduces it)."""
import numpy as np

from ...ops import randperm
from ...tensor import Tensor

__all__ = ["Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler",
           "SubsetRandomSampler"]


class Sampler:
    """Base of index samplers: subclasses implement `__iter__` (and usually `__len__`)."""

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError


class SequenceSampler(Sampler):
    """0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """A shuffled permutation of the indices (or `num_samples` of them drawn with replacement);
    with `generator` (an iterator of indices) the indices are taken from it instead."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError("expect boolean value for replacement, but got "
                            f"replacement={self.replacement}")
        if not self.replacement and self.num_samples > len(self.data_source):
            raise ValueError(
                "num_samples should be smaller than or equal to length of data_source when "
                f"replacement is False, but got num_samples: {self.num_samples} > data_source: "
                f"{len(self.data_source)}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError("num_samples should be a positive integer, "
                             f"but got num_samples={self.num_samples}")

    @property
    def num_samples(self):
        if self._num_samples is None:
            return len(self.data_source)
        return self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        if self.generator:
            for _ in range(self.num_samples):
                try:
                    index = next(self.generator)
                except StopIteration:
                    return
                yield index
        else:
            yield from np.random.choice(np.arange(n), self.num_samples,
                                        replace=self.replacement).tolist()

    def __len__(self):
        return self.num_samples


def _weighted_sample(weights, num_samples, replacement=True):
    if isinstance(weights, Tensor):
        weights = weights.numpy()
    if isinstance(weights, (list, tuple)):
        weights = np.array(weights)
    assert isinstance(weights, np.ndarray), \
        "weights should be paddle.Tensor, numpy.ndarray, list or tuple"
    assert len(weights.shape) <= 2, "weights should be a 1-D or 2-D array"
    weights = weights.reshape((-1, weights.shape[-1]))
    assert np.all(weights >= 0.0), "weights should be positive value"
    assert not np.any(weights == np.inf), "weights should not be INF"
    assert not np.any(weights == np.nan), "weights should not be NaN"
    non_zeros = np.sum(weights > 0.0, axis=1)
    assert np.all(non_zeros > 0), "weights should have positive values"
    if not replacement:
        assert np.all(non_zeros >= num_samples), (
            "weights positive value number should not less than num_samples when "
            "replacement=False")
    weights = weights / weights.sum(axis=1)
    rets = [np.random.choice(weights.shape[1], num_samples, replacement, weights[i])
            for i in range(weights.shape[0])]
    return np.array(rets)


class WeightedRandomSampler(Sampler):
    """`num_samples` indices in [0, len(weights)) drawn with probability proportional to
    `weights` (a 2-D `weights` draws `num_samples` per row)."""

    def __init__(self, weights, num_samples, replacement=True):
        if not isinstance(num_samples, int) or num_samples <= 0:
            raise ValueError("num_samples should be a positive integer")
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value")
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def __iter__(self):
        idxs = _weighted_sample(self.weights, self.num_samples, self.replacement)
        return iter(idxs.reshape(-1).tolist())

    def __len__(self):
        shape = np.shape(self.weights.numpy() if isinstance(self.weights, Tensor)
                         else self.weights)
        mul = int(np.prod(shape)) // shape[-1]
        return self.num_samples * mul


class SubsetRandomSampler(Sampler):
    """The given indices in a random order (`paddle.randperm`), without replacement."""

    def __init__(self, indices):
        if len(indices) == 0:
            raise ValueError(
                "The length of `indices` in SubsetRandomSampler should be greater than 0.")
        self.indices = indices

    def __iter__(self):
        for i in randperm(len(self.indices)).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)
