// The charts library (Mantine's charts over recharts, with its styles): most of the report pages' code, so a chunk
// of its own that LazyBarChart loads beside the page's data (issue #31 item 19).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export default BarChart;
