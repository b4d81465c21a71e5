"""Data files shipped with Clerk Desk: fonts, icons, the ordinance text and default settings.

The folder sits at the top of the checkout and installs as ``clerk_desk.resources``.
"""
