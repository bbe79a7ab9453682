"""Batch samplers (Paddle python/paddle/io/dataloader/batch_sampler.py): group sample indices into
mini-batches; `DistributedBatchSampler` gives each rank its share of every global batch."""
import math
import os

import numpy as np

from .dataset import IterableDataset
from .sampler import RandomSampler, Sampler, SequenceSampler

__all__ = ["BatchSampler", "DistributedBatchSampler"]


def _batches(indices, batch_size, drop_last):
    batch = []
    for idx in indices:
        batch.append(idx)
        if len(batch) == batch_size:
            yield batch
            batch = []
    if not drop_last and len(batch) > 0:
        yield batch


class BatchSampler(Sampler):
    """Lists of `batch_size` indices from `sampler`, or from a Sequence/RandomSampler over
    `dataset` (shuffle picks which); the last short batch is kept unless `drop_last`."""

    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        if dataset is None:
            assert sampler is not None, "either dataset or sampler should be set"
            assert isinstance(sampler, Sampler) or hasattr(sampler, "__iter__"), \
                f"sampler should be either paddle.io.Sampler or Iterable, but got {type(sampler)}"
            assert not shuffle, "shuffle should be False when sampler is set"
            self.sampler = sampler
        else:
            assert not isinstance(dataset, IterableDataset), \
                "dataset should not be a paddle.io.IterableDataset"
            assert sampler is None, "should not set both dataset and sampler"
            assert isinstance(shuffle, bool), \
                f"shuffle should be a boolean value, but got {type(shuffle)}"
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        assert isinstance(batch_size, int) and batch_size > 0, \
            f"batch_size should be a positive integer, but got {batch_size}"
        self.batch_size = batch_size
        self.shuffle = shuffle
        assert isinstance(drop_last, bool), \
            f"drop_last should be a boolean value, but got {type(drop_last)}"
        self.drop_last = drop_last
        self._acc_steps = 1

    def __iter__(self):
        return _batches(self.sampler, self.batch_size * self._acc_steps, self.drop_last)

    def __len__(self):
        local_batch_size = self.batch_size * self._acc_steps
        num_samples = len(self.sampler) + int(not self.drop_last) * (local_batch_size - 1)
        return num_samples // local_batch_size


class _InfiniteIterableSampler(Sampler):
    """Endless batches of placeholders: an IterableDataset decides itself when it ends."""

    def __init__(self, dataset, batch_size=1):
        assert isinstance(dataset, IterableDataset), \
            "dataset should be an instance of paddle.io.IterableDataset"
        self.dataset = dataset
        self.batch_size = batch_size

    def __iter__(self):
        while True:
            yield [None] * self.batch_size


class DistributedBatchSampler(BatchSampler):
    """This rank's batches of a dataset split over `num_replicas` ranks.

    The indices are padded (by repeating from the start) to a multiple of the rank count, shuffled
    with `np.random.RandomState(epoch)` when `shuffle` (the epoch advances after each pass;
    `set_epoch` sets it), and dealt out batch by batch: global batch k holds `batch_size`
    indices per rank, rank r taking the r-th slice; the final partial global batch is split
    evenly. `num_replicas`/`rank` default to the env variables PADDLE_TRAINERS_NUM and
    PADDLE_TRAINER_ID (else 1 and 0), as Paddle's ParallelEnv."""

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False,
                 drop_last=False):
        self.dataset = dataset
        assert isinstance(batch_size, int) and batch_size > 0, \
            "batch_size should be a positive integer"
        self.batch_size = batch_size
        assert isinstance(shuffle, bool), "shuffle should be a boolean value"
        self.shuffle = shuffle
        assert isinstance(drop_last, bool), "drop_last should be a boolean number"
        if num_replicas is not None:
            assert isinstance(num_replicas, int) and num_replicas > 0, \
                "num_replicas should be a positive integer"
            self.nranks = num_replicas
        else:
            self.nranks = int(os.getenv("PADDLE_TRAINERS_NUM", "1"))
        if rank is not None:
            assert isinstance(rank, int) and rank >= 0, "rank should be a non-negative integer"
            self.local_rank = rank
        else:
            self.local_rank = int(os.getenv("PADDLE_TRAINER_ID", "0"))
        self.drop_last = drop_last
        self.epoch = 0
        self.num_samples = int(math.ceil(len(self.dataset) * 1.0 / self.nranks))
        self.total_size = self.num_samples * self.nranks
        self._acc_steps = 1

    def _rank_indices(self, indices):
        last_batch_size = self.total_size % (self.batch_size * self.nranks)
        assert last_batch_size % self.nranks == 0
        last_local_batch_size = last_batch_size // self.nranks
        subsampled = []
        for i in range(self.local_rank * self.batch_size, len(indices) - last_batch_size,
                       self.batch_size * self.nranks):
            subsampled.extend(indices[i:i + self.batch_size])
        tail = indices[len(indices) - last_batch_size:]
        subsampled.extend(tail[self.local_rank * last_local_batch_size:
                               (self.local_rank + 1) * last_local_batch_size])
        return subsampled

    def __iter__(self):
        indices = np.arange(len(self.dataset)).tolist()
        padding_size = self.total_size - len(indices)
        if padding_size <= len(indices):
            indices += indices[:padding_size]
        else:
            indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]
        assert len(indices) == self.total_size
        if self.shuffle:
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        if self.nranks > 1:
            indices = self._rank_indices(indices)
        assert len(indices) == self.num_samples
        yield from _batches(indices, self.batch_size * self._acc_steps, self.drop_last)

    def __len__(self):
        local_batch_size = self.batch_size * self._acc_steps
        num_samples = self.num_samples + int(not self.drop_last) * (local_batch_size - 1)
        return num_samples // local_batch_size

    def set_epoch(self, epoch):
        """Set the epoch that seeds the shuffle (call before each epoch for a new order that
        every rank agrees on)."""
        self.epoch = epoch
