"""Solo play beside the table: the dock, the Loner oracle panel and its tools."""
