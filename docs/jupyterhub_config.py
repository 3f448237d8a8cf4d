# jupyterhub_config.py: a class on JupyterHub 6.1.1 with Gwari (README, "More learners than one machine holds").
# The hub's machine: pip install "gwari[server,hub]" and npm install -g configurable-http-proxy; run jupyterhub
# as root in the folder holding this file.  tests/test_hub.py runs these very lines.
c = get_config()  # noqa: F821 (JupyterHub defines it)

c.JupyterHub.bind_url = "http://:8000"  # the address the class opens: http://<this machine>:8000/

# Each learner signs in (JupyterHub's default: their account on this machine) and gets a server of their own that
# shows Gwari's apps and nothing else, opening on the gallery, with a kernel kept warm for today's app.
c.Spawner.cmd = ["gwari", "singleuser", "--apps-only"]
c.Spawner.args = ["--class-apps=pig-play"]
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.environment = {"GWARI_SERVICE_URL": "http://127.0.0.1:8000/services/gwari/"}

# The class service: the one program that keeps the class's records and tables, started by the hub as root.
c.JupyterHub.services = [{
    "name": "gwari",
    "url": "http://127.0.0.1:8765",
    "command": ["gwari", "service"],
    "environment": {"GWARI_PROGRESS": "/srv/gwari/progress.sqlite3", "GWARI_TABLES": "/srv/gwari/tables.sqlite3"},
}]

# Teachers: a hub group (add them here or on the hub's admin page).  Their own servers also open JupyterLab (the
# hook below), and the teacher's page shows them the class.
c.JupyterHub.load_groups = {"teachers": {"users": ["ms-pascoe"]}}
# The class service may be used by every learner and by their server's token (their apps sign with it), and may
# read who is in the teachers group; nothing else.
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", "access:services!service=gwari"]},
    {"name": "server", "scopes": ["users:activity!user", "access:servers!server", "access:services!service=gwari"]},
    {"name": "gwari-service", "services": ["gwari"], "scopes": ["read:groups!group=teachers"]},
]


def teachers_get_jupyterlab(spawner):
    if any(group.name == "teachers" for group in spawner.user.groups):
        spawner.cmd = ["gwari", "singleuser"]


c.Spawner.pre_spawn_hook = teachers_get_jupyterlab
