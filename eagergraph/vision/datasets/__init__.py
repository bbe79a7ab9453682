"""paddle.vision.datasets: the datasets Paddle downloads are not available here (no network
access and no download cache); each raises NotImplementedError naming itself."""

__all__ = ["MNIST", "FashionMNIST", "Cifar10", "Cifar100", "Flowers", "VOC2012",
           "DatasetFolder", "ImageFolder"]


def _unavailable(name, reason):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"paddle.vision.datasets.{name} is not available in "
                                  f"eagergraph: {reason}")
    return type(name, (), {"__init__": __init__, "__doc__": f"{name}: {reason}",
                           "__module__": __name__, "_unavailable": True})


_DOWNLOAD = ("it downloads its data, which eagergraph does not do; load the arrays yourself "
             "and wrap them in paddle.io.Dataset / TensorDataset.")
MNIST = _unavailable("MNIST", _DOWNLOAD)
FashionMNIST = _unavailable("FashionMNIST", _DOWNLOAD)
Cifar10 = _unavailable("Cifar10", _DOWNLOAD)
Cifar100 = _unavailable("Cifar100", _DOWNLOAD)
Flowers = _unavailable("Flowers", _DOWNLOAD)
VOC2012 = _unavailable("VOC2012", _DOWNLOAD)
DatasetFolder = _unavailable("DatasetFolder", "image-folder loading is not implemented yet.")
ImageFolder = _unavailable("ImageFolder", "image-folder loading is not implemented yet.")
