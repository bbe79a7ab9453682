"""The text progress bar paddle.Model's ProgBarLogger prints (Paddle hapi/progressbar.py):
verbose 1 redraws one line per epoch with a bar and ETA; verbose 2 and 3 print one line per
update."""
import os
import sys
import time

import numpy as np

__all__ = ["ProgressBar"]


def _format_values(values, allow_array):
    info = ""
    for k, val in values:
        info += f" - {k}:"
        for v in (val if isinstance(val, list) else [val]):
            if isinstance(v, (float, np.float32, np.float64)):
                info += f" {v:.4f}" if abs(v) > 1e-3 else f" {v:.4e}"
            elif (allow_array and isinstance(v, np.ndarray) and v.size == 1
                  and v.dtype in (np.float32, np.float64)):
                info += f" {v.item():.4f}" if abs(v.item()) > 1e-3 else f" {v.item():.4e}"
            else:
                info += f" {v}"
    return info


def _eta(seconds):
    eta = int(seconds)
    if eta > 3600:
        return f"{eta // 3600}:{(eta % 3600) // 60:02}:{eta % 60:02}"
    if eta > 60:
        return f"{eta // 60}:{eta % 60:02}"
    return f"{eta}s"


class ProgressBar:
    """Progress of `num` steps (None: unknown)."""

    def __init__(self, num=None, width=30, verbose=1, start=True, file=sys.stdout,
                 name="step"):
        self._num = num
        if isinstance(num, int) and num <= 0:
            raise TypeError("num should be None or integer (> 0)")
        self._width = min(width, self._get_max_width())
        self._total_width = 0
        self._verbose = verbose
        self.file = file
        self._values = {}
        self._values_order = []
        if start:
            self._start = time.time()
        self._last_update = 0
        self.name = name
        # Paddle's test: 'posix' is in sys.modules on every POSIX system, so it is always on there
        self._dynamic_display = ((hasattr(self.file, "isatty") and self.file.isatty())
                                 or "ipykernel" in sys.modules or "posix" in sys.modules
                                 or "PYCHARM_HOSTED" in os.environ)

    def _get_max_width(self):
        from shutil import get_terminal_size
        terminal_width, _ = get_terminal_size()
        terminal_width = terminal_width if terminal_width > 0 else 80
        return min(int(terminal_width * 0.6), terminal_width - 50)

    def start(self):
        self.file.flush()
        self._start = time.time()

    def _speed(self, time_per_unit):
        if time_per_unit >= 1 or time_per_unit == 0:
            return f" - {time_per_unit:.0f}s/{self.name}"
        if time_per_unit >= 1e-3:
            return f" - {time_per_unit * 1e3:.0f}ms/{self.name}"
        return f" - {time_per_unit * 1e6:.0f}us/{self.name}"

    def update(self, current_num, values=()):
        """Show step `current_num` with the (name, value) pairs `values`."""
        now = time.time()
        time_per_unit = (now - self._start) / current_num if current_num else 0
        fps = self._speed(time_per_unit)
        if self._verbose == 1:
            self._update_bar(current_num, values, time_per_unit, fps)
            self._last_update = now
        elif self._verbose in (2, 3):
            if self._num:
                numdigits = int(np.log10(self._num)) + 1
                info = (self.name + " %" + str(numdigits) + "d/%d") % (current_num, self._num)
            else:
                info = f"{self.name} {current_num:3}"
            info += _format_values(values, allow_array=True) + fps + "\n"
            sys.stdout.write(info)
            sys.stdout.flush()

    def _update_bar(self, current_num, values, time_per_unit, fps):
        prev_total_width = self._total_width
        if self._dynamic_display:
            sys.stdout.write("\b" * prev_total_width)
            sys.stdout.write("\r")
        else:
            sys.stdout.write("\n")
        if self._num is not None:
            numdigits = int(np.log10(self._num)) + 1
            bar_chars = (self.name + " %" + str(numdigits) + "d/%d [") % (current_num, self._num)
            prog_width = int(self._width * (float(current_num) / self._num))
            if prog_width > 0:
                bar_chars += "=" * (prog_width - 1)
                bar_chars += ">" if current_num < self._num else "="
            bar_chars += "." * (self._width - prog_width) + "]"
        else:
            bar_chars = f"{self.name} {current_num:3}"
        self._total_width = len(bar_chars)
        sys.stdout.write(bar_chars)
        info = _format_values(values, allow_array=False)
        if self._num is not None and current_num < self._num:
            info += f" - ETA: {_eta(time_per_unit * (self._num - current_num))}"
        info += fps
        self._total_width += len(info)
        if prev_total_width > self._total_width:
            info += " " * (prev_total_width - self._total_width)
        if self._num is None or current_num >= self._num:
            info += "\n"
        sys.stdout.write(info)
        sys.stdout.flush()
