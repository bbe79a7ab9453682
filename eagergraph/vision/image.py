"""paddle.vision.image: the image backend the datasets load with ('pil', 'cv2' or 'tensor')
and image_load."""

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

_BACKENDS = ["pil", "cv2", "tensor"]
_image_backend = "pil"


def set_image_backend(backend):
    global _image_backend
    if backend not in _BACKENDS:
        raise ValueError(f"Expected backend are one of {_BACKENDS}, but got {backend}")
    _image_backend = backend


def get_image_backend():
    return _image_backend


def image_load(path, backend=None):
    """A PIL image ('pil') or a BGR numpy array ('cv2'); like Paddle 3.3.1, the 'tensor'
    backend loads nothing and returns None."""
    if backend is None:
        backend = _image_backend
    if backend not in _BACKENDS:
        raise ValueError(f"Expected backend are one of {_BACKENDS}, but got {backend}")
    if backend == "pil":
        from PIL import Image
        return Image.open(path)
    if backend == "cv2":
        from ..utils import try_import
        return try_import("cv2").imread(path)
    return None
