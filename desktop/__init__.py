"""The Qt application over the rules layer."""
