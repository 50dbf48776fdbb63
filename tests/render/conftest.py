from .boardcheck import board_page

__all__ = ["board_page"]
