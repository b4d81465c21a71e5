"""What every workflow's window uses, written once: fields (money, the date that starts empty),
pickers (a party, a scan), the editable table of plain rows. A workflow's window imports the kit,
never another workflow's window modules."""
