"""The strategy explorer: any guess tree browsed node by node (`screen`), built in a thread
(`workers`)."""
