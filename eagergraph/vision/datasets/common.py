"""Where a dataset's files come from: the path the user gives, else Paddle's download cache
(~/.cache/paddle/dataset/<module>/<file>, DATA_HOME, as Paddle's paddle.dataset.common). A file
that is in neither place raises an error naming it, the URL Paddle downloads it from and its
md5: eagergraph does not download."""
import hashlib
import os

DATA_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "dataset"))


def md5file(path):
    h = hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def resolve(dataset, arg, path, url, md5, module_name, download):
    """The file to read: `path` if it exists; else (download=True) the cached copy Paddle would
    have downloaded; else an error saying how to get it."""
    if path is None:
        assert download, f"{arg} is not set and downloading automatically is disabled"
    elif os.path.exists(path):
        return path
    elif not download:
        raise ValueError(f"{path} not exists and auto download disabled")
    cached = os.path.join(DATA_HOME, module_name, url.split("/")[-1])
    if os.path.exists(cached):
        if md5file(cached) == md5:
            return cached
        raise RuntimeError(f"{dataset}: the cached {cached} does not have the md5 {md5} of "
                           f"{url}; replace it with the downloaded file or pass {arg}=.")
    where = f"{path} does not exist and " if path is not None else ""
    raise FileNotFoundError(
        f"{dataset}: {where}{cached} is not there either, and eagergraph does not download. "
        f"Fetch {url} (md5 {md5}) and pass its path as {arg}=, or put it at {cached}.")


def pil_image(array, mode=None):
    try:
        from PIL import Image
    except ImportError:
        raise ImportError("the 'pil' image backend needs Pillow (pip install Pillow), or use "
                          "backend='cv2' for numpy images") from None
    return Image.fromarray(array, mode=mode) if mode else Image.fromarray(array)


def open_image(fp, dataset):
    """PIL.Image.open(fp): the datasets that store JPEG/PNG files need Pillow."""
    try:
        from PIL import Image
    except ImportError:
        raise ImportError(f"{dataset} decodes its JPEG/PNG images with Pillow, which is not "
                          f"installed: pip install Pillow") from None
    return Image.open(fp)


def check_backend(backend):
    from ..image import get_image_backend
    if backend is None:
        backend = get_image_backend()
    if backend not in ["pil", "cv2"]:
        raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
    return backend
