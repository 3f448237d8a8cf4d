"""The ``gwari`` command and the settings ``gwari singleuser`` gives a hub's learner server (the hub itself:
tests/test_hub.py; ``gwari serve`` from the installed wheel: tests/test_wheel.py)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tutor import cli
from tutor.jupyter import notebooks_dir, served_settings
from tutor.jupyter.apps_only import PAGE_MESSAGES
from tutor.jupyter.singleuser import served_config

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def test_the_command_is_installed_as_gwari():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"gwari": "tutor.cli:main"}


def test_gwari_says_its_commands_and_refuses_an_unknown_one_in_words(capsys):
    assert cli.main([]) == 2 and "singleuser" in capsys.readouterr().out
    assert cli.main(["--help"]) == 0
    assert cli.main(["sevre"]) == 2
    said = capsys.readouterr().err
    assert "there is no command 'sevre'" in said and "serve" in said


def test_the_records_tools_are_the_progress_tools(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "class.sqlite3"))
    assert cli.main(["where"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "class.sqlite3")
    assert cli.main(["import", str(tmp_path / "missing.json")]) == 1
    said = capsys.readouterr().err
    assert said.startswith("gwari: ") and "missing.json" in said


def test_the_notebooks_and_served_settings_come_from_the_package():
    assert notebooks_dir() == NOTEBOOKS and (notebooks_dir() / "index.ipynb").is_file()
    assert served_settings() == json.loads((ROOT / "voila.json").read_text())


def test_a_learner_server_gets_the_served_mode_where_voila_and_the_server_read_it():
    files = served_config(NOTEBOOKS, apps_only=False, pools={"default": {"pool_size": 0},
                                                              "pig-play.ipynb": {"pool_size": 1}})
    served = served_settings()
    voila = files["voila.json"]["VoilaConfiguration"]
    assert voila["template"] == "gwari" and voila["strip_sources"] is True and voila["show_tracebacks"] is False
    server = files["jupyter_server_config.json"]
    assert server["ServerApp"]["root_dir"] == str(NOTEBOOKS)
    assert server["ServerApp"]["kernel_manager_class"] == "tutor.jupyter.singleuser.HubKernelManager"
    assert server["ServerApp"]["kernel_websocket_connection_class"] == "tutor.jupyter.binder.LeftPageConnection"
    for section in ("MappingKernelManager", "VoilaExecutor", "KernelManager"):
        assert server[section] == served[section], section
    assert server["VoilaKernelManager"]["kernel_pools_config"]["pig-play.ipynb"] == {"pool_size": 1}
    assert "allowed_message_types" not in server["MappingKernelManager"]
    assert "authorizer_class" not in server["ServerApp"]


def test_apps_only_switches_off_lab_and_terminals_and_lets_through_what_voila_standalone_lets_through():
    server = served_config(NOTEBOOKS, apps_only=True)["jupyter_server_config.json"]
    assert server["MappingKernelManager"]["allowed_message_types"] == PAGE_MESSAGES
    assert "execute_request" not in PAGE_MESSAGES
    assert server["ServerApp"]["authorizer_class"] == "tutor.jupyter.apps_only.AppsOnlyAuthorizer"
    assert server["ServerApp"]["terminals_enabled"] is False
    extensions = server["ServerApp"]["jpserver_extensions"]
    assert extensions["jupyterlab"] is False and extensions["jupyter_server_terminals"] is False
    assert extensions["voila"] is True and extensions["tutor.jupyter.singleuser"] is True


def test_page_messages_are_voilas_own_standalone_list():
    """Voilà's standalone server gives its kernel manager the messages a page may send (voila/app.py); apps only
    lets through the same, kept in step here."""
    import voila.app

    tree = ast.parse(Path(voila.app.__file__).read_text())
    lists = [ast.literal_eval(k.value) for node in ast.walk(tree) if isinstance(node, ast.Call)
             for k in node.keywords if k.arg == "allowed_message_types"]
    assert lists == [PAGE_MESSAGES]


@pytest.mark.parametrize("args, words", [(["--pool-size=two"], "--pool-size"),
                                         (["--class-apps=pig-ply"], "no notebook pig-ply")])
def test_singleuser_refuses_a_pool_or_an_app_that_is_not_there_before_starting(args, words, tmp_path):
    env = {**os.environ, "GWARI_LAB_NOTEBOOKS": str(tmp_path / "mine")}
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "singleuser", *args], capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert not (tmp_path / "mine").exists(), "nothing copied for a server that does not start"
