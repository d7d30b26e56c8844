// Every Mantine style, in the `mantine` cascade layer.
import '@mantine/core/styles.layer.css';
