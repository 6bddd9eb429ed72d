"""Text handling that every layer shares: sentence segmentation, index terms, language."""
