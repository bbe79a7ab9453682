"""Fleet's data generators (Paddle distributed/fleet/data_generator/data_generator.py, pure
Python there too): a user subclass's generate_sample(line) returns an iterator factory of samples
[(slot name, [feasign, ...]), ...]; generate_batch groups batch_size_ of them; run_from_stdin /
run_from_memory write each sample to stdout in the MultiSlot text format `n f1 .. fn m g1 ..`
(one line per sample). MultiSlotDataGenerator also records each slot's type (uint64, or float
once a float appears) in _proto_info and checks every later sample against the first."""
import sys

__all__ = ["DataGenerator", "MultiSlotDataGenerator", "MultiSlotStringDataGenerator"]


class DataGenerator:
    def __init__(self):
        self._proto_info = None
        self.batch_size_ = 32

    def set_batch(self, batch_size):
        """How many samples generate_batch receives at a time."""
        self.batch_size_ = batch_size

    def _emit(self, samples):
        for sample in self.generate_batch(samples)():
            sys.stdout.write(self._gen_str(sample))

    def _run(self, lines):
        batch = []
        for line in lines:
            for parsed in self.generate_sample(line)():
                if parsed is None:
                    continue
                batch.append(parsed)
                if len(batch) == self.batch_size_:
                    self._emit(batch)
                    batch = []
        if batch:
            self._emit(batch)

    def run_from_memory(self):
        """Write the samples of generate_sample(None) (debugging, benchmarks)."""
        self._run([None])

    def run_from_stdin(self):
        """Write the samples of every line read from stdin."""
        self._run(sys.stdin)

    def _gen_str(self, line):
        raise NotImplementedError("pls use MultiSlotDataGenerator or PairWiseDataGenerator")

    def generate_sample(self, line):
        raise NotImplementedError(
            "Please rewrite this function to return a list or tuple: "
            "[(name, [feasign, ...]), ...] or ((name, [feasign, ...]), ...)")

    def generate_batch(self, samples):
        """Override to process a batch together (e.g. pad to its longest sample); by default
        the samples one by one."""
        def local_iter():
            yield from samples
        return local_iter


def _as_sequence(line, example):
    if isinstance(line, zip):
        line = list(line)
    if not isinstance(line, (list, tuple)):
        raise ValueError("the output of process() must be in list or tuple type" + example)
    return line


class MultiSlotStringDataGenerator(DataGenerator):
    """Feasigns given as strings, written as they are."""

    def _gen_str(self, line):
        line = _as_sequence(line, "Examples: [('words', ['1926', '08', '17']), "
                                  "('label', ['1'])]")
        return " ".join(" ".join([str(len(elements)), *elements])
                        for _name, elements in line) + "\n"


class MultiSlotDataGenerator(DataGenerator):
    """Feasigns given as ints or floats (str() of each written); the slot types are learnt from
    the first sample and later samples must have the same slots in the same order."""

    def _gen_str(self, line):
        line = _as_sequence(line, "Example: [('words', [1926, 08, 17]), ('label', [1])]")
        first = self._proto_info is None
        if first:
            self._proto_info = []
        elif len(line) != len(self._proto_info):
            raise ValueError("the complete field set of two given line are inconsistent.")
        parts = []
        for index, (name, elements) in enumerate(line):
            if not isinstance(name, str):
                raise ValueError(f"name{type(name)} must be in str type")
            if not isinstance(elements, list):
                raise ValueError(f"elements{type(elements)} must be in list type")
            if not elements:
                raise ValueError("the elements of each field can not be empty, you need "
                                 "padding it in process().")
            if first:
                self._proto_info.append((name, "uint64"))
            elif name != self._proto_info[index][0]:
                raise ValueError(f"the field name of two given line are not match: "
                                 f"require<{self._proto_info[index][0]}>, get<{name}>.")
            for elem in elements:
                if self._proto_info[index][1] == "float" and not first:
                    continue
                if isinstance(elem, float):
                    self._proto_info[index] = (name, "float")
                elif not isinstance(elem, int):
                    raise ValueError(f"the type of element{type(elem)} must be in int or float")
            parts.append(" ".join([str(len(elements))] + [str(e) for e in elements]))
        return " ".join(parts) + "\n"
