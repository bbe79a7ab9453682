"""paddle.io.dataloader: datasets, samplers, collate functions and the DataLoader machinery."""
from .batch_sampler import BatchSampler, DistributedBatchSampler
from .dataset import (ChainDataset, ComposeDataset, ConcatDataset, Dataset, IterableDataset,
                      Subset, TensorDataset, random_split)
from .sampler import (RandomSampler, Sampler, SequenceSampler, SubsetRandomSampler,
                      WeightedRandomSampler)
from .worker import get_worker_info

__all__ = ["BatchSampler", "DistributedBatchSampler", "ChainDataset", "ComposeDataset",
           "ConcatDataset", "Dataset", "IterableDataset", "Subset", "TensorDataset",
           "random_split", "RandomSampler", "Sampler", "SequenceSampler", "SubsetRandomSampler",
           "WeightedRandomSampler", "get_worker_info"]
