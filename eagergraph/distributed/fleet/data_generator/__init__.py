"""paddle.distributed.fleet.data_generator: turn raw lines into MultiSlot data-feed lines."""
from .data_generator import DataGenerator, MultiSlotDataGenerator, MultiSlotStringDataGenerator

__all__ = ["DataGenerator", "MultiSlotDataGenerator", "MultiSlotStringDataGenerator"]
