"""The log audit: what each side did in a game log, step by step, each act judged.

Pure: positions and the steps between them in, verdicts out. Reading saves and logs is
``builder.audit_trail``'s job; the command line is ``builder.cli.audit_commands``.
"""
