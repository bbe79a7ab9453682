"""LBFGS: limited-memory BFGS with an optional strong-Wolfe line search (Paddle
python/paddle/optimizer/lbfgs.py, itself a port of torch.optim.LBFGS).

`step(closure)` re-evaluates the model through `closure` (which clears the grads, runs forward
and backward and returns the loss) up to `max_iter` times. The parameters are handled as one
flat vector; the arithmetic is done on NumPy arrays of the parameters' dtype, as Paddle does it
on Tensors. As in Paddle, `weight_decay` and `grad_clip` are accepted but not applied by
`step`, `minimize` raises, and `state_dict()` is `{'state': {...}}`.
"""
from collections import defaultdict

import numpy as np

from ..eager.grad_mode import enable_grad, no_grad
from ..tensor import Tensor
from .optimizer import Optimizer

__all__ = ["LBFGS"]


def _dot(x, y):
    return (x * y).sum(axis=-1)


def _as_array(v):
    return v.numpy() if isinstance(v, Tensor) else v


def _cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimiser of the cubic through (x1, f1, g1) and (x2, f2, g2), clamped to bounds
    (Nocedal & Wright, Numerical Optimization, 2nd ed., eq. 3.59). Tensors are read as arrays."""
    x1, f1, g1, x2, f2, g2 = map(_as_array, (x1, f1, g1, x2, f2, g2))
    if bounds is not None:
        lo, hi = bounds
    else:
        lo, hi = (x1, x2) if x1 <= x2 else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if d2_square >= 0:
        d2 = np.sqrt(d2_square)
        if x1 <= x2:
            pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
        else:
            pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        return min(max(pos, lo), hi)
    return (lo + hi) / 2.0


def _strong_wolfe(obj_func, x, alpha, d, loss, grad, gtd, c1=1e-4, c2=0.9,
                  tolerance_change=1e-9, max_ls=25):
    """Line search satisfying the strong Wolfe conditions (Nocedal & Wright, Algorithm 3.5,
    with the zoom phase). Returns (loss, flat grad, alpha, function evaluations). The values
    may also be Tensors, as Paddle's own version takes them (its tests call it directly)."""
    x, alpha, d, loss, grad, gtd = map(_as_array, (x, alpha, d, loss, grad, gtd))
    func = obj_func

    def obj_func(x, alpha, d):
        return tuple(_as_array(v) for v in func(x, alpha, d))

    d_norm = np.abs(d).max()
    grad = grad.copy()
    loss_new, grad_new = obj_func(x, alpha, d)
    evals = 1
    gtd_new = _dot(grad_new, d)
    t_prev, f_prev, g_prev, gtd_prev = 0, loss, grad, gtd
    done = False
    ls_iter = 0
    # bracketing phase
    while ls_iter < max_ls:
        if loss_new > loss + c1 * alpha * gtd or (ls_iter > 1 and loss_new >= f_prev):
            bracket, bracket_f = [t_prev, alpha], [f_prev, loss_new]
            bracket_g, bracket_gtd = [g_prev, grad_new.copy()], [gtd_prev, gtd_new]
            break
        if abs(gtd_new) <= -c2 * gtd:
            bracket, bracket_f, bracket_g = [alpha], [loss_new], [grad_new]
            done = True
            break
        if gtd_new >= 0:
            bracket, bracket_f = [t_prev, alpha], [f_prev, loss_new]
            bracket_g, bracket_gtd = [g_prev, grad_new.copy()], [gtd_prev, gtd_new]
            break
        min_step = alpha + 0.01 * (alpha - t_prev)
        max_step = alpha * 10
        tmp = alpha
        alpha = _cubic_interpolate(t_prev, f_prev, gtd_prev, alpha, loss_new, gtd_new,
                                   bounds=(min_step, max_step))
        t_prev, f_prev, g_prev, gtd_prev = tmp, loss_new, grad_new.copy(), gtd_new
        loss_new, grad_new = obj_func(x, alpha, d)
        evals += 1
        gtd_new = _dot(grad_new, d)
        ls_iter += 1
    if ls_iter == max_ls:
        bracket, bracket_f, bracket_g = [0, alpha], [loss, loss_new], [grad, grad_new]
    # zoom phase
    insuf_progress = False
    low, high = (0, 1) if bracket_f[0] <= bracket_f[-1] else (1, 0)
    while not done and ls_iter < max_ls:
        if abs(bracket[1] - bracket[0]) * d_norm < tolerance_change:
            break
        alpha = _cubic_interpolate(bracket[0], bracket_f[0], bracket_gtd[0],
                                   bracket[1], bracket_f[1], bracket_gtd[1])
        eps = 0.1 * (max(bracket) - min(bracket))
        if min(max(bracket) - alpha, alpha - min(bracket)) < eps:
            if insuf_progress or alpha >= max(bracket) or alpha <= min(bracket):
                if abs(alpha - max(bracket)) < abs(alpha - min(bracket)):
                    alpha = max(bracket) - eps
                else:
                    alpha = min(bracket) + eps
                insuf_progress = False
            else:
                insuf_progress = True
        else:
            insuf_progress = False
        loss_new, grad_new = obj_func(x, alpha, d)
        evals += 1
        gtd_new = _dot(grad_new, d)
        ls_iter += 1
        if loss_new > loss + c1 * alpha * gtd or loss_new >= bracket_f[low]:
            bracket[high], bracket_f[high] = alpha, loss_new
            bracket_g[high], bracket_gtd[high] = grad_new.copy(), gtd_new
            low, high = (0, 1) if bracket_f[0] <= bracket_f[1] else (1, 0)
        else:
            if abs(gtd_new) <= -c2 * gtd:
                done = True
            elif gtd_new * (bracket[high] - bracket[low]) >= 0:
                bracket[high], bracket_f[high] = bracket[low], bracket_f[low]
                bracket_g[high], bracket_gtd[high] = bracket_g[low], bracket_gtd[low]
            bracket[low], bracket_f[low] = alpha, loss_new
            bracket_g[low], bracket_gtd[low] = grad_new.copy(), gtd_new
    return bracket_f[low], bracket_g[low], bracket[low], evals


class LBFGS(Optimizer):
    """paddle.optimizer.LBFGS(learning_rate=1.0, max_iter=20, max_eval=None,
    tolerance_grad=1e-7, tolerance_change=1e-9, history_size=100, line_search_fn=None,
    parameters=None, weight_decay=None, grad_clip=None, name=None).

    line_search_fn: None (fixed step `learning_rate`) or 'strong_wolfe'."""

    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-7,
                 tolerance_change=1e-9, history_size=100, line_search_fn=None, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.max_eval = max_eval
        self.tolerance_grad = tolerance_grad
        self.tolerance_change = tolerance_change
        self.history_size = history_size
        self.line_search_fn = line_search_fn
        if isinstance(parameters, Tensor):
            raise TypeError("parameters argument given to the optimizer should be an iterable "
                            f"of Tensors or dicts, but got {type(parameters)}")
        self.state = defaultdict(dict)
        super().__init__(learning_rate=1.0, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        if not isinstance(self._parameter_list[0], dict):
            self._params = self._parameter_list
        else:
            # as Paddle: with parameter groups, the last group's parameters are optimised
            self._params = self._param_groups[-1]["params"]

    def state_dict(self):
        return {"state": dict(self.state)}

    # ---- the parameters as one flat vector ---------------------------------------------------
    def _gather_flat_grad(self):
        views = []
        for p in self._params:
            g = p.grad
            views.append(np.zeros(p._data.size, p._data.dtype) if g is None
                         else np.asarray(g._data).reshape(-1))
        return np.concatenate(views)

    def _add_grad(self, alpha, direction):
        offset = 0
        for p in self._params:
            n = p._data.size
            step = direction[offset:offset + n].reshape(p._data.shape) * alpha
            p._data = (p._data + step).astype(p._data.dtype, copy=False)
            p._bump_inplace_version()
            offset += n

    def _clone_param(self):
        return [p._data.copy() for p in self._params]

    def _set_param(self, datas):
        for p, data in zip(self._params, datas):
            p._data = data.copy()
            p._bump_inplace_version()

    def _directional_evaluate(self, closure, x, alpha, d):
        self._add_grad(alpha, d)
        loss = float(closure())
        flat_grad = self._gather_flat_grad()
        self._set_param(x)
        return loss, flat_grad

    # ---- the step ----------------------------------------------------------------------------
    def step(self, closure):
        """Run up to max_iter L-BFGS iterations; closure() must clear the grads, compute the
        loss, call backward and return the loss. Returns the loss of the first evaluation."""
        with no_grad():
            closure = enable_grad()(closure)
            return self._step(closure)

    def _step(self, closure):
        lr = self.learning_rate
        tol_grad, tol_change = self.tolerance_grad, self.tolerance_change
        history_size = self.history_size
        state = self.state
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)

        orig_loss = closure()
        loss = float(orig_loss)
        current_evals = 1
        state["func_evals"] += 1
        flat_grad = self._gather_flat_grad()
        if np.abs(flat_grad).max() <= tol_grad:
            return orig_loss
        dtype = flat_grad.dtype
        d, alpha = state.get("d"), state.get("alpha")
        old_yk, old_sk, ro = state.get("old_yk"), state.get("old_sk"), state.get("ro")
        h_diag = state.get("H_diag")
        prev_flat_grad, prev_loss = state.get("prev_flat_grad"), state.get("prev_loss")

        n_iter = 0
        while n_iter < self.max_iter:
            n_iter += 1
            state["n_iter"] += 1
            # the descent direction
            if state["n_iter"] == 1:
                d = -flat_grad
                old_yk, old_sk, ro = [], [], []
                h_diag = np.asarray(1.0, dtype)
            else:
                y = flat_grad - prev_flat_grad
                s = d * dtype.type(alpha)
                ys = _dot(y, s)
                if ys > 1e-10:
                    if len(old_yk) == history_size:
                        old_yk.pop(0)
                        old_sk.pop(0)
                        ro.pop(0)
                    old_yk.append(y)
                    old_sk.append(s)
                    ro.append(1.0 / ys)
                    h_diag = ys / _dot(y, y)
                num_old = len(old_yk)
                al = state.setdefault("al", [None] * history_size)
                q = -flat_grad
                for i in range(num_old - 1, -1, -1):
                    al[i] = _dot(old_sk[i], q) * ro[i]
                    q = q + old_yk[i] * (-al[i])
                d = r = q * h_diag
                for i in range(num_old):
                    be_i = _dot(old_yk[i], r) * ro[i]
                    r += old_sk[i] * (al[i] - be_i)
            prev_flat_grad = flat_grad.copy()
            prev_loss = loss
            # the step length
            if state["n_iter"] == 1:
                alpha = min(1.0, 1.0 / np.abs(flat_grad).sum()) * lr
            else:
                alpha = lr
            gtd = _dot(flat_grad, d)
            if gtd > -tol_change:
                break
            evals = 0
            if self.line_search_fn is not None:
                if self.line_search_fn != "strong_wolfe":
                    raise RuntimeError("only 'strong_wolfe' is supported")
                x_init = self._clone_param()

                def obj_func(x, a, direction):
                    return self._directional_evaluate(closure, x, a, direction)

                loss, flat_grad, alpha, evals = _strong_wolfe(obj_func, x_init, alpha, d, loss,
                                                              flat_grad, gtd)
                self._add_grad(alpha, d)
                opt_cond = np.abs(flat_grad).max() <= tol_grad
            else:
                self._add_grad(alpha, d)
                opt_cond = False
                if n_iter != self.max_iter:
                    with enable_grad():
                        loss = float(closure())
                    flat_grad = self._gather_flat_grad()
                    opt_cond = np.abs(flat_grad).max() <= tol_grad
                    evals = 1
            current_evals += evals
            state["func_evals"] += evals
            if opt_cond:
                break
            if np.abs(d * alpha).max() <= tol_change:
                break
            if abs(loss - prev_loss) < tol_change:
                break
            if current_evals >= self.max_eval or n_iter == self.max_iter:
                break

        state.update(d=d, alpha=alpha, old_yk=old_yk, old_sk=old_sk, ro=ro, H_diag=h_diag,
                     prev_flat_grad=prev_flat_grad, prev_loss=prev_loss)
        return orig_loss

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        raise NotImplementedError("LBFGS optimizer does not use this way to minimize loss. "
                                  "Please refer 'Examples' of LBFGS() for usage.")
