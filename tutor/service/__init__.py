"""The class service: one process that alone holds a class's records and tables, signed in through JupyterHub.

Under a hub, learners' kernels run code their learners may write; so the records and the tables are kept by a
process no learner runs, and each kernel asks it, with its own hub token, for what its learner may do: keep their
own records, sit and play at their own seat, see their own hand.  Teachers are a hub group.  Without a hub nothing
here is used: the same stores and referee run inside the kernel, as they always have.

- ``people``: who is asking (``Person``) and the refusal a service answers with (``Refused``);
- ``transport``: how a kernel reaches the service (``HttpTransport`` with the hub token, ``LocalTransport`` for one
  process), both round-tripping JSON;
- ``records``/``tables``: what the service does with the records and the tables, for a ``Person``;
- ``seen``: what one seat may know of a position at a table, made in the service and read in the seat's kernel
  (``SeenState``); ``remote``: the kernel's seat at a table of the service (``RemoteTable``, ``RemoteDriver``);
- ``app``: the service's web server (``gwari service``), its sign-in through the hub and its limits.
"""
