"""Coding-agent hooks: memstrata as the long-term memory of Claude Code and Codex sessions.

``memstrata hooks install --agent claude-code|codex [--project DIR]`` writes the agent's hook
configuration (``install``); the agent then runs ``memstrata hooks run EVENT`` (``run``) at
``SessionStart`` (profile and project memories as context), ``UserPromptSubmit`` (memories
matching the prompt), and ``Stop`` / ``SessionEnd`` / ``PreCompact`` (the transcript's new
turns stored as episodes, once each). ``protocol`` holds the agents' documented payload and
output, ``transcript`` reads their conversation files, ``backend`` the questions each event
asks, ``client`` the warm path (a running ``memstrata serve``) and ``local`` the cold one.

This package imports nothing of the engine: the warm path stays a small standard-library
process. See ``docs/hooks.md``.
"""
