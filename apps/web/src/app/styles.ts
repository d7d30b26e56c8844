// Mantine's styles in the `mantine` cascade layer. They load while the app boots (the start-up screen in
// index.html has its own inline styles), and our own unlayered CSS wins over them whatever the load order.
import '@mantine/core/styles.layer.css';
