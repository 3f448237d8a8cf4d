"""A learner's server under JupyterHub (``gwari singleuser``): Voilà inside the hub's single-user server, served
as ``gwari serve`` serves it.

Voilà inside a Jupyter server reads its page settings (``VoilaConfiguration``) only from ``voila.json`` in the
Jupyter config path or the server's working folder, never from the command line; it keeps no warm kernels of its
own; and the rest of the served mode (culling, the time limit per cell, local sockets, the prompt websocket) is
the Jupyter server's own configuration.  So ``gwari singleuser`` writes both files (``served_config``) into a
folder of its own on ``JUPYTER_CONFIG_PATH`` and starts ``jupyterhub-singleuser`` in the folder holding the
notebooks:

- ``voila.json``: Gwari's served settings with the ``gwari`` template (nothing fetched from outside);
- ``jupyter_server_config.json``: the kernels of the apps kept warm (``HubKernelManager``: Voilà's pools on
  ``tutor.serving.ClassroomKernelManager``, filled once Voilà's settings are known, by this module's server
  extension), voila.json's culling and cell limits, kernels on local sockets, and each page's websocket sending
  at once and giving its kernel back when the page is left (``tutor.jupyter.binder.LeftPageConnection``).

Apps only (``--apps-only``): the learner's server shows the apps and nothing else.  No JupyterLab, no terminals,
no contents, sessions or kernels API (``AppsOnlyAuthorizer`` refuses them in words; a page's kernel websocket is
the one kernel door left open), and a page's websocket carries only what Voilà's own standalone server lets
through (``PAGE_MESSAGES``): an ``execute_request`` sent down it is dropped, never run.  The learner's own Jupyter
settings are not read (``JUPYTERHUB_DISABLE_USER_CONFIG``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from voila.voila_kernel_manager import voila_kernel_manager_factory

from tutor.jupyter.apps_only import GALLERY, PAGE_MESSAGES, UI_PATHS, RefusedPage
from tutor.serving import DEFAULT_POOL, ClassroomKernelManager

APPS_ONLY = "GWARI_APPS_ONLY"  # set by ``gwari singleuser --apps-only`` for this module's extension


def served_config(notebooks: Path, *, apps_only: bool, pools: dict | None = None) -> dict[str, dict]:
    """The two files ``gwari singleuser`` writes, by name: ``voila.json`` and ``jupyter_server_config.json``,
    from the package's voila.json.  ``pools``: Voilà's ``kernel_pools_config`` for a class warmed ahead."""
    from tutor.jupyter import served_settings

    served = served_settings()
    voila = {"VoilaConfiguration": {**served["VoilaConfiguration"], "template": "gwari"}}
    server: dict[str, dict] = {
        "ServerApp": {
            "root_dir": str(notebooks),
            "default_url": GALLERY,
            "kernel_manager_class": f"{__name__}.HubKernelManager",
            "kernel_websocket_connection_class": "tutor.jupyter.binder.LeftPageConnection",
            "jpserver_extensions": {__name__: True, "voila": True},
        },
        "MappingKernelManager": dict(served["MappingKernelManager"]),
        "VoilaKernelManager": dict(served["VoilaKernelManager"]),
        "VoilaExecutor": dict(served["VoilaExecutor"]),
        "KernelManager": dict(served["KernelManager"]),
    }
    if pools:
        server["VoilaKernelManager"]["kernel_pools_config"] = pools
    if not apps_only:  # JupyterLab asks for no news and no updates from outside (as bash .ci/lab's settings)
        server["LabApp"] = {"news_url": "", "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}
    if apps_only:
        server["ServerApp"].update({
            "authorizer_class": "tutor.jupyter.apps_only.AppsOnlyAuthorizer",
            "terminals_enabled": False,
            "jpserver_extensions": {**server["ServerApp"]["jpserver_extensions"], "jupyterlab": False,
                                    "jupyter_server_terminals": False, "notebook": False, "nbclassic": False,
                                    "jupyter_lsp": False, "notebook_shim": False},
        })
        server["MappingKernelManager"]["allowed_message_types"] = PAGE_MESSAGES
    return {"voila.json": voila, "jupyter_server_config.json": server}


def apps_only_arguments() -> list[str]:
    """The apps-only settings again as command-line options, which no configuration file can override."""
    return ["--ServerApp.authorizer_class=tutor.jupyter.apps_only.AppsOnlyAuthorizer", "--ServerApp.terminals_enabled=False",
            *[f"--MappingKernelManager.allowed_message_types={kind}" for kind in PAGE_MESSAGES]]


def write_config(folder: Path, files: dict[str, dict]) -> Path:
    """Write ``files`` (``served_config``) into ``folder``; the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (folder / name).write_text(json.dumps(content, indent=2) + "\n", encoding="utf-8")
    return folder


_Pooled = voila_kernel_manager_factory(ClassroomKernelManager, True, DEFAULT_POOL)


class HubKernelManager(_Pooled):  # type: ignore[misc,valid-type]
    """Voilà's warm pools inside a Jupyter server: the pools fill once this module's extension has Voilà's page
    settings (``start_pools``), since a Jupyter server, unlike Voilà's own, has none when it makes this manager."""

    def __init__(self, **kwargs: Any) -> None:
        ClassroomKernelManager.__init__(self, **kwargs)  # the stores checked; Voilà's part reads a Voilà app
        self._wait_at_startup = True
        self.notebook_data: dict = {}
        self._pools: dict = {}
        self.root_dir = self.parent.root_dir
        self.notebook_path = None

    def start_pools(self, server_app: Any, voila_configuration: Any, template_paths: list[str]) -> list[str]:
        """Fill the pool of every notebook voila.json warms; the names of those given warm kernels.  Voilà's pooled manager reads
        its page settings from its parent (a Voilà app); here the parent is the Jupyter server, given them."""
        server_app.voila_configuration = voila_configuration
        server_app.template_paths = template_paths
        server_app.app = server_app.web_app
        server_app.server_url = server_app.base_url
        server_app.notebook_path = None
        default = self.kernel_pools_config.get("default", {})
        names = []
        for path in sorted(Path(self.root_dir).rglob("*.ipynb")):
            relative = str(path.relative_to(self.root_dir))
            if self._notebook_filter(Path(relative)):
                self.fill_if_needed(delay=0, notebook_name=relative)
                if self.kernel_pools_config.get(relative, default).get("pool_size", 0) > 0:
                    names.append(relative)
        return names


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Fill the warm pools (with the page settings Voilà's extension reads: voila.json, the gwari template) and,
    under --apps-only, answer the pages of JupyterLab, the notebook and the terminals with a refusal."""
    from jupyter_server.utils import url_path_join
    from voila.configuration import VoilaConfiguration
    from voila.paths import collect_template_paths
    from voila.server_extension import load_config_file

    manager = server_app.kernel_manager
    if isinstance(manager, HubKernelManager):
        configuration = VoilaConfiguration(parent=server_app, config=load_config_file())
        paths = collect_template_paths(["voila", "nbconvert"], configuration.template)
        warmed = manager.start_pools(server_app, configuration, paths)
        server_app.log.info("Gwari: the %s template; warm kernels for %s", configuration.template,
                            ", ".join(warmed) or "no app")
    if os.environ.get(APPS_ONLY) == "1":
        base = server_app.web_app.settings["base_url"]
        server_app.web_app.add_handlers(".*$", [(url_path_join(base, UI_PATHS), RefusedPage)])
        server_app.log.info("Gwari: apps only (no JupyterLab, terminals or kernels API; pages send no code)")
