"""What an agent reads: the context block (``block``), its Markdown rendering (``render``), who
said and whom a memory is about (``context.attribution``), and the standing dietary and health
constraints (``standing``)."""
