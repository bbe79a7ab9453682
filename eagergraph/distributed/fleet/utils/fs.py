"""fleet.utils' file systems (Paddle distributed/fleet/utils/fs.py): LocalFS on the local disk
with Paddle's methods and exceptions, and HDFSClient, which drives `$hadoop_home/bin/hadoop fs`
as Paddle's does; without that binary every HDFSClient operation raises ExecuteError naming it
(Paddle retries the missing command for about 15 s first)."""
import os
import shutil
import subprocess

__all__ = ["LocalFS", "HDFSClient", "ExecuteError", "FSFileExistsError",
           "FSFileNotExistsError", "FSTimeOut", "FSShellCmdAborted", "FS"]


class ExecuteError(Exception):
    pass


class FSFileExistsError(Exception):
    pass


class FSFileNotExistsError(Exception):
    pass


class FSTimeOut(Exception):
    pass


class FSShellCmdAborted(ExecuteError):
    pass


class FS:
    """The interface every file system implements (each method raises NotImplementedError)."""

    def _missing(self, *args, **kwargs):
        raise NotImplementedError

    ls_dir = is_file = is_dir = is_exist = upload = download = mkdirs = delete = \
        need_upload_download = rename = mv = upload_dir = list_dirs = touch = cat = _missing


class LocalFS(FS):
    """The local disk through the FS interface."""

    def ls_dir(self, fs_path):
        """(sub-directory names, file names) in fs_path; ([], []) when it does not exist."""
        if not self.is_exist(fs_path):
            return [], []
        dirs, files = [], []
        for f in os.listdir(fs_path):
            (dirs if os.path.isdir(fs_path + "/" + f) else files).append(f)
        return dirs, files

    def mkdirs(self, fs_path):
        assert not os.path.isfile(fs_path), f"{fs_path} is already a file"
        os.makedirs(fs_path, exist_ok=True)

    def rename(self, fs_src_path, fs_dst_path):
        os.rename(fs_src_path, fs_dst_path)

    def _rmr(self, fs_path):
        shutil.rmtree(fs_path)

    def _rm(self, fs_path):
        os.remove(fs_path)

    def delete(self, fs_path):
        """Remove a file or a directory tree (nothing when it does not exist)."""
        if not self.is_exist(fs_path):
            return None
        if os.path.isfile(fs_path):
            return self._rm(fs_path)
        return self._rmr(fs_path)

    def need_upload_download(self):
        return False

    def is_file(self, fs_path):
        return os.path.isfile(fs_path)

    def is_dir(self, fs_path):
        return os.path.isdir(fs_path)

    def is_exist(self, fs_path):
        return os.path.exists(fs_path)

    def touch(self, fs_path, exist_ok=True):
        if self.is_exist(fs_path):
            if exist_ok:
                return
            raise FSFileExistsError
        with open(fs_path, "a"):
            pass

    def mv(self, src_path, dst_path, overwrite=False, test_exists=False):
        if not self.is_exist(src_path):
            raise FSFileNotExistsError
        if overwrite and self.is_exist(dst_path):
            self.delete(dst_path)
        if self.is_exist(dst_path):
            raise FSFileExistsError
        return self.rename(src_path, dst_path)

    def list_dirs(self, fs_path):
        """The sub-directory names of fs_path ([] when it does not exist)."""
        if not self.is_exist(fs_path):
            return []
        return [f for f in os.listdir(fs_path) if os.path.isdir(fs_path + "/" + f)]


class HDFSClient(FS):
    """HDFS through the hadoop command line: `{hadoop_home}/bin/hadoop fs -D<k>=<v> ... -<cmd>`.
    time_out / sleep_inter (ms) are kept as Paddle's attributes."""

    def __init__(self, hadoop_home, configs, time_out=5 * 60 * 1000, sleep_inter=1000):
        self.pre_commands = [f"{hadoop_home}/bin/hadoop", "fs"]
        for k, v in (configs or {}).items():
            self.pre_commands.append(f"-D{k}={v}")
        self._time_out = time_out
        self._sleep_inter = sleep_inter
        self._base_cmd = " ".join(self.pre_commands)

    def _run(self, *args, check=True):
        binary = self.pre_commands[0]
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            raise ExecuteError(
                f"HDFSClient: hadoop is not installed at {binary} (HDFSClient(hadoop_home, "
                f"configs) runs `{binary} fs ...`); install Hadoop there, or use LocalFS for "
                f"local paths")
        try:
            p = subprocess.run(self.pre_commands + list(args), capture_output=True, text=True,
                               timeout=self._time_out / 1000)
        except subprocess.TimeoutExpired:
            raise FSTimeOut(f"{self._base_cmd} {' '.join(args)}") from None
        if p.returncode == 134:
            raise FSShellCmdAborted(" ".join(args))
        if check and p.returncode != 0:
            raise ExecuteError(f"{self._base_cmd} {' '.join(args)}: {p.stderr.strip()}")
        return p.returncode, p.stdout.splitlines()

    def _test(self, flag, fs_path):
        return self._run("-test", flag, fs_path, check=False)[0] == 0

    def is_exist(self, fs_path):
        return self._test("-e", fs_path)

    def is_dir(self, fs_path):
        return self._test("-d", fs_path)

    def is_file(self, fs_path):
        return self.is_exist(fs_path) and not self.is_dir(fs_path)

    def ls_dir(self, fs_path):
        """(sub-directory names, file names) in fs_path, from `hadoop fs -ls`."""
        if not self.is_exist(fs_path):
            return [], []
        dirs, files = [], []
        for line in self._run("-ls", fs_path)[1]:
            cols = line.split()
            if len(cols) != 8:
                continue
            name = os.path.basename(cols[7])
            (dirs if cols[0].startswith("d") else files).append(name)
        return dirs, files

    def list_dirs(self, fs_path):
        return self.ls_dir(fs_path)[0]

    def mkdirs(self, fs_path):
        if not self.is_exist(fs_path):
            self._run("-mkdir", "-p", fs_path)

    def delete(self, fs_path):
        if not self.is_exist(fs_path):
            return
        self._run("-rmr" if self.is_dir(fs_path) else "-rm", fs_path)

    def upload(self, local_path, fs_path, multi_processes=1, overwrite=False):
        if not os.path.exists(local_path):
            raise FSFileNotExistsError(f"{local_path} not exists")
        if self.is_exist(fs_path):
            if not overwrite:
                raise FSFileExistsError(f"{fs_path} exists")
            self.delete(fs_path)
        self._run("-put", local_path, fs_path)

    def upload_dir(self, local_dir, dest_dir, overwrite=False):
        self.upload(local_dir, dest_dir, overwrite=overwrite)

    def download(self, fs_path, local_path, multi_processes=1, overwrite=False):
        if not self.is_exist(fs_path):
            raise FSFileNotExistsError(f"{fs_path} not exits")
        if os.path.exists(local_path) and overwrite:
            LocalFS().delete(local_path)
        self._run("-get", fs_path, local_path)

    def mv(self, fs_src_path, fs_dst_path, overwrite=False, test_exists=True):
        if overwrite and self.is_exist(fs_dst_path):
            self.delete(fs_dst_path)
        if test_exists:
            if not self.is_exist(fs_src_path):
                raise FSFileNotExistsError(f"{fs_src_path} is not exists")
            if self.is_exist(fs_dst_path):
                raise FSFileExistsError(f"{fs_dst_path} exists already")
        self._run("-mv", fs_src_path, fs_dst_path)

    def touch(self, fs_path, exist_ok=True):
        if self.is_exist(fs_path):
            if exist_ok:
                return
            raise FSFileExistsError
        self._run("-touchz", fs_path)

    def need_upload_download(self):
        return True

    def cat(self, fs_path=None):
        if self.is_file(fs_path):
            return "\n".join(self._run("-cat", fs_path)[1])
        return ""
