"""Turn a batch of indices into a collated batch (Paddle python/paddle/io/dataloader/fetcher.py)."""

__all__ = ["create_fetcher", "MAP", "ITER"]

MAP, ITER = 0, 1  # the dataset kinds (Paddle's _DatasetKind)


class _MapDatasetFetcher:
    def __init__(self, dataset, auto_collate_batch, collate_fn, drop_last):
        self.dataset = dataset
        self.auto_collate_batch = auto_collate_batch
        self.collate_fn = collate_fn
        self.drop_last = drop_last

    def fetch(self, batch_indices):
        if self.auto_collate_batch:
            data = [self.dataset[idx] for idx in batch_indices]
        else:
            data = self.dataset[batch_indices]
        return self.collate_fn(data) if self.collate_fn else data


class _IterableDatasetFetcher(_MapDatasetFetcher):
    """Draws as many samples as the batch has placeholders; raises StopIteration when the stream
    is done (or would give only a short batch under drop_last)."""

    def __init__(self, dataset, auto_collate_batch, collate_fn, drop_last):
        super().__init__(dataset, auto_collate_batch, collate_fn, drop_last)
        self.dataset_iter = iter(dataset)

    def fetch(self, batch_indices):
        if self.auto_collate_batch:
            data = []
            for _ in batch_indices:
                try:
                    data.append(next(self.dataset_iter))
                except StopIteration:
                    break
            if len(data) == 0 or (self.drop_last and len(data) < len(batch_indices)):
                raise StopIteration
        else:
            data = next(self.dataset_iter)
        return self.collate_fn(data) if self.collate_fn else data


def create_fetcher(kind, dataset, auto_collate_batch, collate_fn, drop_last):
    cls = _MapDatasetFetcher if kind == MAP else _IterableDatasetFetcher
    return cls(dataset, auto_collate_batch, collate_fn, drop_last)
