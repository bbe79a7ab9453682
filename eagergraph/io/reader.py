"""paddle.io.DataLoader (Paddle python/paddle/io/reader.py), CPU only: `places`, `feed_list`,
`use_buffer_reader`, `use_shared_memory` and `return_list` are accepted and have no effect (in
dygraph Paddle always yields Tensors, in lists where the samples have several fields)."""
import sys
import warnings

from .dataloader.batch_sampler import BatchSampler, _InfiniteIterableSampler
from .dataloader.dataloader_iter import _DataLoaderIterMultiProcess, _DataLoaderIterSingleProcess
from .dataloader.dataset import IterableDataset
from .dataloader.fetcher import ITER, MAP

__all__ = ["DataLoader"]


class DataLoader:
    """Iterate over `dataset` in mini-batches.

    Indices come from `batch_sampler`, or from a BatchSampler built from batch_size / shuffle /
    drop_last (batch_size=None turns automatic batching off: one sample at a time, no collate);
    samples are assembled by `collate_fn` (default: paddle.io.dataloader.collate
    .default_collate_fn) and every array/Tensor in the result becomes a Tensor. With
    num_workers > 0 the batches are built in worker processes (see get_worker_info)."""

    def __init__(self, dataset, feed_list=None, places=None, return_list=True,
                 batch_sampler=None, batch_size=1, shuffle=False, drop_last=False,
                 collate_fn=None, num_workers=0, use_buffer_reader=True, reader_buffer_size=2,
                 prefetch_factor=2, use_shared_memory=True, timeout=0, worker_init_fn=None,
                 persistent_workers=False):
        self.return_list = return_list
        self.collate_fn = collate_fn
        self.use_buffer_reader = use_buffer_reader
        self.reader_buffer_size = reader_buffer_size
        self.prefetch_factor = prefetch_factor
        self.worker_init_fn = worker_init_fn
        self.dataset = dataset
        self.feed_list = feed_list
        self.places = places
        assert num_workers >= 0, "num_workers should be a non-negative value"
        if num_workers > 0 and sys.platform in ("darwin", "win32"):
            warnings.warn("DataLoader with multi-process mode is not supported on MacOs and "
                          "Windows currently. Please use single-process mode with num_workers = "
                          "0 instead")
            num_workers = 0
        self.num_workers = num_workers
        assert prefetch_factor > 0, "prefetch_factor should be a positive value"
        self.use_shared_memory = use_shared_memory and num_workers > 0
        assert timeout >= 0, "timeout should be a non-negative value"
        self.timeout = timeout

        if isinstance(dataset, IterableDataset):
            self.dataset_kind = ITER
            if shuffle:
                raise ValueError(
                    f"IterableDataset not support shuffle, but got shuffle={shuffle}")
            if batch_sampler is not None:
                raise ValueError("IterableDataset expect unspecified batch_sampler")
        else:
            self.dataset_kind = MAP

        if batch_sampler is not None:
            assert batch_size == 1 and not shuffle and not drop_last, \
                "batch_size/shuffle/drop_last should not be set when batch_sampler is given"
            self.batch_sampler = batch_sampler
            self.batch_size = None
        elif batch_size is None:
            self.batch_sampler = None
            self.batch_size = None
        else:
            assert batch_size > 0, \
                "batch_size should be None or a positive value when batch_sampler is not given"
            self.batch_size = batch_size
            if isinstance(dataset, IterableDataset):
                self.batch_sampler = _InfiniteIterableSampler(dataset, batch_size)
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=batch_size,
                                                  shuffle=shuffle, drop_last=drop_last)
        self.drop_last = drop_last
        self.auto_collate_batch = self.batch_sampler is not None
        self._persistent_workers = persistent_workers
        self._iterator = None

    def __len__(self):
        if self.dataset_kind == ITER:
            raise ValueError("length of IterableDataset not supported")
        if self.auto_collate_batch:
            return len(self.batch_sampler)
        return len(self.dataset)

    def __iter__(self):
        if self.num_workers == 0:
            return _DataLoaderIterSingleProcess(self)
        if self._persistent_workers:
            if self._iterator is None or self._iterator._shutdown:
                self._iterator = _DataLoaderIterMultiProcess(self)
            else:
                self._iterator._reset()
            return self._iterator
        return _DataLoaderIterMultiProcess(self)

    def __call__(self):
        return self.__iter__()
