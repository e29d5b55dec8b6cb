"""The Tangram: seven pieces cut from a square, to be laid out as a given silhouette."""
