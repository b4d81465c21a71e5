"""Receipts: the window of the sale, the register of receipts, the drawers and the close-out."""
