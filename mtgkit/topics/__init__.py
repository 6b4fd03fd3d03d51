"""The topics of the course, one module each (see :mod:`mtgkit.topics.base` for what a topic
module builds on, and :mod:`mtgkit.topics.boards` for boards as data)."""
