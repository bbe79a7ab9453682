"""Who this process is in a fleet job (Paddle fleet/base/role_maker.py): Role, and the role
makers. PaddleCloudRoleMaker reads the launcher's environment (PADDLE_TRAINER_ID,
PADDLE_TRAINER_ENDPOINTS, PADDLE_CURRENT_ENDPOINT, PADDLE_RANK_IN_NODE, ...);
UserDefinedRoleMaker takes the same facts as arguments. Every process is a worker (trainer):
parameter-server roles are not supported."""
import os

__all__ = ["Role", "RoleMakerBase", "PaddleCloudRoleMaker", "UserDefinedRoleMaker"]


class Role:
    WORKER = 1
    SERVER = 2
    HETER_WORKER = 3
    ALL = 4
    COORDINATOR = 5


def _no_parameter_server(what):
    raise NotImplementedError(
        f"{what}: parameter-server training is not supported by eagergraph; only collective "
        f"(data-parallel) workers: fleet.init(is_collective=True)")


class RoleMakerBase:
    """The facts every role maker provides."""

    def __init__(self):
        self._is_collective = False
        self._role = Role.WORKER
        self._current_id = 0
        self._worker_endpoints = ["127.0.0.1:6170"]
        self._cur_endpoint = self._worker_endpoints[0]
        self._nodes_num = 1
        self._local_rank = None
        self._local_device_ids = None
        self._world_device_ids = None
        self._non_distributed = True

    def _generate_role(self):
        pass

    def _is_worker(self):
        return self._role == Role.WORKER

    def _is_server(self):
        return self._role == Role.SERVER

    def _is_coordinator(self):
        return self._role == Role.COORDINATOR

    def _is_first_worker(self):
        return self._role == Role.WORKER and self._current_id == 0

    def _worker_index(self):
        return self._current_id

    def _worker_num(self):
        return len(self._worker_endpoints)

    def _node_num(self):
        return self._nodes_num

    def _get_local_rank(self):
        return self._local_rank

    def _get_local_device_ids(self):
        return self._local_device_ids

    def _get_world_device_ids(self):
        return self._world_device_ids

    def _get_trainer_endpoints(self):
        return self._worker_endpoints

    def _get_trainer_endpoint(self):
        return self._cur_endpoint

    def _server_num(self):
        return 0

    def _server_index(self):
        return -1

    def _get_pserver_endpoints(self):
        return []

    def _set_nodes(self):
        self._nodes_num = len({e.split(":")[0] for e in self._worker_endpoints})


class PaddleCloudRoleMaker(RoleMakerBase):
    """The role from the environment the launcher sets (a worker of one without it)."""

    def __init__(self, is_collective=False, **kwargs):
        super().__init__()
        self._is_collective = is_collective
        self._kwargs = kwargs
        self._role_is_generated = False

    def _generate_role(self):
        if self._role_is_generated:
            return
        role = os.getenv("PADDLE_TRAINING_ROLE", os.getenv("TRAINING_ROLE", "TRAINER"))
        if role != "TRAINER" or os.getenv("PADDLE_PSERVERS_IP_PORT_LIST"):
            _no_parameter_server(f"PADDLE_TRAINING_ROLE={role}")
        self._current_id = int(os.getenv("PADDLE_TRAINER_ID", "0"))
        endpoints = os.getenv("PADDLE_TRAINER_ENDPOINTS")
        self._cur_endpoint = os.getenv("PADDLE_CURRENT_ENDPOINT")
        if not endpoints:
            endpoints = "127.0.0.1:6170"
            self._cur_endpoint = endpoints
        else:
            self._non_distributed = False
        self._worker_endpoints = endpoints.split(",")
        self._set_nodes()
        self._local_rank = os.getenv("PADDLE_RANK_IN_NODE")
        self._local_device_ids = os.getenv("PADDLE_LOCAL_DEVICE_IDS")
        self._world_device_ids = os.getenv("PADDLE_WORLD_DEVICE_IDS")
        self._role_is_generated = True


class UserDefinedRoleMaker(PaddleCloudRoleMaker):
    """UserDefinedRoleMaker(is_collective=False, init_gloo=False, current_id=0,
    role=Role.WORKER, worker_endpoints=[...], worker_num=...)."""

    def __init__(self, is_collective=False, init_gloo=False, **kwargs):
        super().__init__(is_collective=is_collective, **kwargs)
        self._init_gloo = init_gloo

    def _generate_role(self):
        kw = self._kwargs
        role = kw.get("role", Role.WORKER)
        if role != Role.WORKER:
            _no_parameter_server(f"UserDefinedRoleMaker(role={role})")
        self._role = role
        self._current_id = kw.get("current_id", 0)
        endpoints = kw.get("worker_endpoints")
        if endpoints is None:
            endpoints = [f"127.0.0.1:{6170 + i}" for i in range(kw.get("worker_num", 1))]
        self._worker_endpoints = list(endpoints)
        self._cur_endpoint = self._worker_endpoints[self._current_id] \
            if self._current_id < len(self._worker_endpoints) else ""
        self._non_distributed = len(self._worker_endpoints) <= 1
        self._set_nodes()
        self._role_is_generated = True
