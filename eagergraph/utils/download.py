"""paddle.utils.download: eagergraph downloads nothing; a file already in the cache (or a local
path) is returned, anything else raises with what to do instead."""
import os

__all__ = ["get_weights_path_from_url", "get_path_from_url"]

WEIGHTS_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "hapi", "weights"))


def get_path_from_url(url, root_dir, md5sum=None, check_exist=True, decompress=True,
                      method="get"):
    """The local copy of url under root_dir; RuntimeError when it is not there (no download)."""
    path = url if os.path.exists(url) else os.path.join(root_dir, url.split("/")[-1])
    if os.path.exists(path):
        return path
    raise RuntimeError(f"paddle.utils.download: eagergraph does not download files; put "
                       f"{url.split('/')[-1]} at {path} (or pass a local path).")


def get_weights_path_from_url(url, md5sum=None):
    """The cached weights file for url (~/.cache/paddle/hapi/weights); RuntimeError if absent."""
    return get_path_from_url(url, WEIGHTS_HOME, md5sum)
