"""The Sidewalks window (the sidewalk article before § 506-6; Wis. Stat. § 66.0907): the pages of
permits, repair orders and the master plan, and their forms. The tab that holds them is
``ui.sidewalks.tab``, where the main window looks for a workflow's tab when its window is a
package."""
