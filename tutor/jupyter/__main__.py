"""``python -m tutor.jupyter``: print the folder to put on ``JUPYTER_PATH`` for the ``gwari`` template."""

from tutor.jupyter import jupyter_path

print(jupyter_path())
