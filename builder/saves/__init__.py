"""The boundary between Stavka's modules and their saves.

The names a module writes and the referee reads back (:mod:`~builder.saves.names`,
:mod:`~builder.saves.area_names`, :mod:`~builder.saves.steps_layout`), reading a save
into a hex or area position (:mod:`~builder.saves.positions`), telling a save from a
position file (:mod:`~builder.saves.load`) and writing annotated copies
(:mod:`~builder.saves.annotate`). Free of drawing and templating libraries, so that
``stavka check`` starts light.
"""
